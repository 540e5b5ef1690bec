import { screen } from '@testing-library/react';
import { OTP_REASON_MSG } from '@virality/domain';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TOtpState } from '../../../lib/otp-state';
import { renderUi } from '../../../testing';
import { otpReason, VerifyOtpPage } from './verify-otp-page';

const open = (state: TOtpState) =>
  renderUi(
    <MemoryRouter initialEntries={[{ pathname: '/verifyotp', state }]}>
      <VerifyOtpPage />
    </MemoryRouter>,
  );

describe('the code page says why a second code was sent', () => {
  it('after an e-mail sign-up, the profile step’s code to the phone: says it was sent to verify the number', () => {
    open({ emailPhone: '+447700900123', origin: 'userprofile', next: '/interest' });
    expect(screen.getByText('Enter the 4-digit code we sent to +447700900123')).toBeTruthy();
    expect(screen.getByTestId('otp-reason').textContent).toBe(OTP_REASON_MSG.profileStep('phone'));
    expect(screen.getByTestId('otp-reason').textContent).toContain('We also sent a code to the mobile number');
  });

  it('after a phone sign-up, the code to the e-mail: says it was sent to verify the e-mail', () => {
    open({ emailPhone: 'sam@example.com', origin: 'userprofile', next: '/interest' });
    expect(screen.getByTestId('otp-reason').textContent).toBe(OTP_REASON_MSG.profileStep('email'));
  });

  it('a new contact on the profile is explained too; a password reset needs no word', () => {
    expect(otpReason({ emailPhone: '+447700900123', origin: 'profile update' })).toBe(OTP_REASON_MSG.profileUpdate('phone'));
    expect(otpReason({ emailPhone: 'a@example.com', origin: 'profile-update' })).toBe(OTP_REASON_MSG.profileUpdate('email'));
    open({ emailPhone: 'sam@example.com', origin: 'reset-password' });
    expect(screen.queryByTestId('otp-reason')).toBeNull();
  });
});
