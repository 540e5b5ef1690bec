import { describe, expect, it } from 'vitest';
import { otpTargetOf } from './otp-state';

describe('otpTargetOf (resend body of an OTP screen)', () => {
  it('uses the saved parts when the state has them', () => {
    expect(
      otpTargetOf({ emailPhone: '+919876543210', origin: 'registration', mobileNumber: '9876543210', phoneCode: '91' }),
    ).toEqual({
      mobileNumber: '9876543210',
      phoneCode: '91',
    });
  });

  it('reads an e-mail key', () => {
    expect(otpTargetOf({ emailPhone: 'ana@example.com', origin: 'userprofile' })).toEqual({ email: 'ana@example.com' });
  });

  it('splits a phone key with the hint, else assumes 10 digits', () => {
    expect(otpTargetOf({ emailPhone: '+4412345678', origin: 'userprofile' }, '44')).toEqual({
      phoneCode: '44',
      mobileNumber: '12345678',
    });
    expect(otpTargetOf({ emailPhone: '+919876543210', origin: 'userprofile' })).toEqual({
      phoneCode: '91',
      mobileNumber: '9876543210',
    });
  });
});
