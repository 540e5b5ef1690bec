import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockFetch, ok, renderPage, storeSession } from '../../../testing';
import { PhoneVerifyPage } from './phone-verify-page';

describe('PhoneVerifyPage', { timeout: 15_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('checks the number, sends the OTP and goes to /verifyotp', async () => {
    const me = makeUser({ phoneCode: '44' });
    storeSession(me.profileType, { userId: me._id });
    const calls = mockFetch((call) => {
      if (call.path === 'user/getUserStatus') return ok({ result: { ...me, UnseenNotifsCount: 0 } });
      if (call.path === 'otp/sendOtp') return ok({ emailPhone: '+447700900123', resendAfterSeconds: 60 });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage('/phoneverify', <PhoneVerifyPage />);

    const code = (await screen.findByLabelText('Phone code')) as HTMLInputElement;
    await waitFor(() => expect(code.value).toBe('44'));
    const mobile = screen.getByLabelText('Mobile number');
    await user.type(mobile, '12345');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText(MSG.phoneInvalid)).toBeTruthy();
    expect(calls.some((c) => c.path === 'otp/sendOtp')).toBe(false);

    await user.clear(mobile);
    await user.type(mobile, '7700900123');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/verifyotp'));
    expect(calls.find((c) => c.path === 'otp/sendOtp')?.body).toEqual({ mobileNumber: '7700900123', phoneCode: '44' });
    expect(JSON.parse(screen.getByTestId('location').dataset.state ?? 'null')).toEqual({
      emailPhone: '+447700900123',
      origin: 'profile update',
      next: '/userprofile',
    });
  });
});
