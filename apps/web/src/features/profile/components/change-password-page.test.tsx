import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, renderPage, seedUser, storeSession, testQueryClient } from '../../../testing';
import { ChangePasswordPage, PASSWORD_CHANGED_TOAST } from './change-password-page';

function open(authType = 'LOCAL') {
  const queryClient = testQueryClient();
  storeSession('INFLUENCER');
  seedUser(queryClient, { authType });
  return renderPage('/profile/updatepassword', <ChangePasswordPage />, { queryClient });
}

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

async function fill(user: ReturnType<typeof userEvent.setup>, oldPassword: string, newPassword: string, confirm: string) {
  await user.type(input('Old password'), oldPassword);
  await user.type(input('New password'), newPassword);
  await user.type(input('Confirm new password'), confirm);
}

describe('change password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks each field as it is typed with the password rules, and Save stays disabled while one has an error', async () => {
    const calls = mockFetch(() => undefined);
    const user = userEvent.setup();
    open();
    expect(save().disabled).toBe(true);
    await user.type(input('Old password'), 'Ab1!');
    expect(screen.getByText(MSG.passwordMin)).toBeTruthy();
    await user.clear(input('Old password'));
    expect(screen.getByText(MSG.oldPasswordRequired)).toBeTruthy();
    await user.type(input('Old password'), 'Passw0rd!');
    await user.type(input('New password'), 'abcdefgh');
    expect(screen.getByText(MSG.passwordComplexity)).toBeTruthy();
    await user.clear(input('New password'));
    await user.type(input('New password'), 'N3w!Secret');
    await user.type(input('Confirm new password'), 'N3w!Secre');
    expect(screen.getByText(MSG.passwordsMustMatch)).toBeTruthy();
    expect(save().disabled).toBe(true);
    await user.type(input('Confirm new password'), 't');
    expect(screen.queryByText(MSG.passwordsMustMatch)).toBeNull();
    expect(save().disabled).toBe(false);
    expect(calls).toEqual([]);
  });

  it('shows and hides each password', async () => {
    mockFetch(() => undefined);
    const user = userEvent.setup();
    open();
    await user.type(input('New password'), 'N3w!Secret');
    expect(input('New password').type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show or hide new password' }));
    expect(input('New password').type).toBe('text');
  });

  it("a wrong old password: the server's words above the form, and the page stays", async () => {
    mockFetch((c) => (c.path === 'user/changePassword' ? fail(400, MSG.oldPasswordWrong) : undefined));
    const user = userEvent.setup();
    open();
    await fill(user, 'Wr0ng!pass', 'N3w!Secret', 'N3w!Secret');
    await user.click(save());
    expect((await screen.findByTestId('form-error')).textContent).toContain(MSG.oldPasswordWrong);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('success sends old, new and confirm, says the other devices were signed out, and goes back to /profile', async () => {
    const calls = mockFetch((c) => (c.path === 'user/changePassword' ? ok(null, MSG.passwordChanged) : undefined));
    const user = userEvent.setup();
    open();
    await fill(user, 'Passw0rd!', 'N3w!Secret', 'N3w!Secret');
    await user.click(save());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile'));
    expect(calls.find((c) => c.path === 'user/changePassword')?.body).toEqual({
      oldPassword: 'Passw0rd!',
      newPassword: 'N3w!Secret',
      confirmPassword: 'N3w!Secret',
    });
    expect(await screen.findByText(PASSWORD_CHANGED_TOAST)).toBeTruthy();
    expect(PASSWORD_CHANGED_TOAST).toMatch(/^Password changed successfully\. .*every other device was signed out\.$/);
  });

  it('a Google sign-in is told it has no password here, with no form', () => {
    mockFetch(() => undefined);
    open('GOOGLE');
    expect(screen.getByText('No password to change')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
