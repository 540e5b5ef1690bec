import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, TEAM_MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, renderPage, storeSession } from '../../../testing';
import { CreateSubUserPage } from './create-sub-user-page';
import { SubUserForm, type TSubUserFormValues } from './sub-user-form';

const ROLES = [
  { _id: 'r1', roleName: 'Social lead', roleDesc: 'Posts', status: true },
  { _id: 'r2', roleName: 'Analyst', roleDesc: 'Reads', status: true },
];
const VALID: TSubUserFormValues = {
  name: 'Mia Manager',
  userName: 'mia.m',
  email: 'mia@example.com',
  mobileNumber: '9876501234',
  dateOfBirth: '1995-04-02',
  gender: 'female',
  roleId: 'r1',
};

function serve(taken: string[] = []) {
  storeSession('BUSINESS', { userId: 'owner1' });
  return mockFetch((call) => {
    if (call.path === 'roleManagement/activeRoles') return ok({ roles: ROLES });
    if (call.path === 'user/checkUserName') {
      const { userName } = call.body as { userName: string };
      return ok(taken.includes(userName) ? { isExist: true, genData: [`${userName}_26`] } : { isExist: false, genData: [] });
    }
    return undefined;
  });
}

/** The input a label names (required labels end with an asterisk). */
const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
const addButton = () => screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;

describe('the sub-user form', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Add disabled on the empty form; the date of birth cannot be typed', async () => {
    serve();
    renderPage('/create-subuser', <CreateSubUserPage />);
    expect(addButton().disabled).toBe(true);
    // A calendar button, not a text input: typing a date is not possible.
    expect(screen.getByLabelText(/^Date of Birth/).tagName).toBe('BUTTON');
    const user = userEvent.setup();
    await user.type(input('Name'), 'Mi');
    await user.tab();
    expect(await screen.findByText(TEAM_MSG.nameMin)).toBeTruthy();
    await user.type(input('Email'), 'mia@');
    await user.tab();
    expect(await screen.findByText(TEAM_MSG.emailInvalidCreate)).toBeTruthy();
    expect(addButton().disabled).toBe(true);
  });

  it('enables Add once every field is valid and the username is free, and disables it again on any error', async () => {
    const calls = serve(['taken.name']);
    const onSubmit = vi.fn(async () => null);
    renderPage(
      '/create-subuser',
      <SubUserForm mode="create" initialValues={VALID} submitLabel="Add" busy={false} onSubmit={onSubmit} today="2026-01-01" />,
    );
    // The username check answers 1300 ms after the last change.
    await waitFor(() => expect(addButton().disabled).toBe(false), { timeout: 4000 });
    expect(screen.getByText('Username is available')).toBeTruthy();

    const user = userEvent.setup();
    await user.clear(input('Mobile Number'));
    await user.type(input('Mobile Number'), '98765');
    expect(addButton().disabled).toBe(true);
    expect(await screen.findByText(TEAM_MSG.mobile)).toBeTruthy();
    await user.type(input('Mobile Number'), '01234');
    await waitFor(() => expect(addButton().disabled).toBe(false));

    await user.clear(input('Username'));
    await user.type(input('Username'), 'taken.name');
    expect(addButton().disabled).toBe(true);
    expect(await screen.findByText(MSG.userNameTaken, {}, { timeout: 4000 })).toBeTruthy();
    expect(addButton().disabled).toBe(true);
    // A sub-user's name is checked against everyone's, the owner's included.
    expect(calls.filter((c) => c.path === 'user/checkUserName').map((c) => c.body)).toContainEqual({
      userName: 'taken.name',
      excludeUserId: null,
    });
    await user.click(screen.getByRole('button', { name: 'taken.name_26' }));
    await waitFor(() => expect(addButton().disabled).toBe(false), { timeout: 4000 });

    await user.click(addButton());
    expect(onSubmit).toHaveBeenCalledWith({ ...VALID, userName: 'taken.name_26' });
  });

  it('on update: the email is not editable and the saved username is not re-checked', async () => {
    const calls = serve();
    renderPage(
      '/profile/updatesubuser',
      <SubUserForm
        mode="update"
        initialValues={VALID}
        savedUserName="mia.m"
        currentRole={{ _id: 'r1', roleName: 'Social lead' }}
        submitLabel="Update"
        busy={false}
        onSubmit={async () => null}
      />,
    );
    expect(input('Email').disabled).toBe(true);
    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(false);
    expect(calls.some((c) => c.path === 'user/checkUserName')).toBe(false);
  });
});
