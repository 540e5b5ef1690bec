import { describe, expect, it } from 'vitest';
import {
  zChangePasswordBody,
  zCreateUserBody,
  zGoogleLoginBody,
  zLoginBody,
  zResetPasswordBody,
  zSendOtpBody,
  zVerifyOtpBody,
} from './auth';

type TResult = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
/** The issues as 'path: message' lines (a required field gets one issue, not a list). */
const issues = (r: TResult) => (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const PASSWORD = 'Secret1!';

describe('zCreateUserBody (POST /user/create_user)', () => {
  const base = { password: PASSWORD, confirmPassword: PASSWORD, profileType: 'INFLUENCER' };

  it('accepts an e-mail or a phone with its code', () => {
    expect(zCreateUserBody.safeParse({ ...base, email: 'new@example.com' }).success).toBe(true);
    expect(zCreateUserBody.safeParse({ ...base, mobileNumber: '9876543210', phoneCode: '91' }).success).toBe(true);
    expect(zCreateUserBody.safeParse({ ...base, mobileNumber: '2025550123', phoneCode: '+1' }).success).toBe(true);
    expect(zCreateUserBody.safeParse({ ...base, mobileNumber: '447700900123' }).success).toBe(true);
    expect(zCreateUserBody.safeParse({ ...base, mobileNumber: '+447700900123' }).success).toBe(true);
  });

  it("says 'Email / Phone is required' without either", () => {
    expect(issues(zCreateUserBody.safeParse(base))).toEqual(['mobileNumber: Email / Phone is required']);
    expect(issues(zCreateUserBody.safeParse({ ...base, email: '  ', mobileNumber: '' }))).toEqual([
      'mobileNumber: Email / Phone is required',
    ]);
  });

  it("says 'Email / Phone is invalid' for a bad e-mail or a phone of 7 or 13 digits", () => {
    expect(issues(zCreateUserBody.safeParse({ ...base, email: 'new@example' }))).toEqual(['email: Email / Phone is invalid']);
    expect(issues(zCreateUserBody.safeParse({ ...base, mobileNumber: '9876543', phoneCode: '91' }))).toEqual([
      'mobileNumber: Email / Phone is invalid',
    ]);
    expect(issues(zCreateUserBody.safeParse({ ...base, mobileNumber: '9876543210123', phoneCode: '91' }))).toEqual([
      'mobileNumber: Email / Phone is invalid',
    ]);
  });

  it("says 'Please enter your phone code' for a phone without a code", () => {
    expect(issues(zCreateUserBody.safeParse({ ...base, mobileNumber: '9876543210' }))).toEqual([
      'mobileNumber: Please enter your phone code',
    ]);
  });

  it('applies the new-password rules', () => {
    const r = zCreateUserBody.safeParse({ ...base, email: 'new@example.com', password: 'Sh0rt!', confirmPassword: 'Sh0rt!' });
    expect(issues(r)).toContain('password: Password must be at least 8 characters');
  });

  it("says 'Passwords should match!' and 'Confirm password is required'; a missing confirm is allowed (mobile clients)", () => {
    const body = { ...base, email: 'new@example.com' };
    expect(issues(zCreateUserBody.safeParse({ ...body, confirmPassword: 'Secret1?' }))).toEqual([
      'confirmPassword: Passwords should match!',
    ]);
    expect(issues(zCreateUserBody.safeParse({ ...body, confirmPassword: '' }))).toEqual([
      'confirmPassword: Confirm password is required',
    ]);
    const { confirmPassword: _c, ...noConfirm } = body;
    expect(zCreateUserBody.safeParse(noConfirm).success).toBe(true);
  });

  it('takes the sign-up profile types INFLUENCER, BUSINESS and IMC only', () => {
    for (const t of ['INFLUENCER', 'BUSINESS', 'IMC']) {
      expect(zCreateUserBody.safeParse({ ...base, email: 'a@example.com', profileType: t }).success, t).toBe(true);
    }
    for (const t of ['BRANDS', 'BUSINESS_MANAGER', 'ADMIN', undefined]) {
      expect(issues(zCreateUserBody.safeParse({ ...base, email: 'a@example.com', profileType: t })), String(t)).toEqual([
        'profileType: Please choose a profile type',
      ]);
    }
  });
});

describe('zLoginBody (POST /user/userLogin)', () => {
  it('accepts an e-mail or a phone key and the password', () => {
    expect(zLoginBody.safeParse({ emailPhone: 'me@example.com', password: 'anything', platform: 'web' }).success).toBe(true);
    expect(zLoginBody.safeParse({ emailPhone: '+919876543210', password: 'x' }).success).toBe(true);
  });
  it("says 'Email / Phone is required' and 'Email / Phone is invalid'", () => {
    expect(issues(zLoginBody.safeParse({ password: 'x' }))).toEqual(['emailPhone: Email / Phone is required']);
    expect(issues(zLoginBody.safeParse({ emailPhone: '', password: 'x' }))).toEqual(['emailPhone: Email / Phone is required']);
    expect(issues(zLoginBody.safeParse({ emailPhone: 'me@', password: 'x' }))).toEqual(['emailPhone: Email / Phone is invalid']);
  });
  it("says 'Password is required'; the password is at most 15 (the field lets 16 through)", () => {
    expect(issues(zLoginBody.safeParse({ emailPhone: 'me@example.com', password: '' }))).toEqual([
      'password: Password is required',
    ]);
    expect(zLoginBody.safeParse({ emailPhone: 'me@example.com', password: 'p'.repeat(15) }).success).toBe(true);
    expect(issues(zLoginBody.safeParse({ emailPhone: 'me@example.com', password: 'p'.repeat(16) }))).toEqual([
      'password: Password must be at most 15 characters',
    ]);
  });
});

describe('zGoogleLoginBody (POST /user/googleLogin)', () => {
  const body = { email: 'me@gmail.com', isGoogleLogin: true, credential: 'header.payload.signature' };
  it('accepts an e-mail with a Google ID token', () => {
    expect(zGoogleLoginBody.safeParse(body).success).toBe(true);
    expect(zGoogleLoginBody.safeParse({ ...body, profileType: 'INFLUENCER' }).success).toBe(true);
  });
  it("says 'Email / Phone is required' without an e-mail and refuses a missing or short credential", () => {
    expect(issues(zGoogleLoginBody.safeParse({ ...body, email: '' }))).toEqual(['email: Email / Phone is required']);
    expect(issues(zGoogleLoginBody.safeParse({ ...body, credential: 'short' }))).toEqual([
      'credential: Google sign-in could not be verified',
    ]);
    expect(issues(zGoogleLoginBody.safeParse({ email: 'me@gmail.com' }))).toEqual([
      'credential: Google sign-in could not be verified',
    ]);
  });
  it('refuses a profile type one cannot sign up as', () => {
    expect(zGoogleLoginBody.safeParse({ ...body, profileType: 'BRANDS' }).success).toBe(false);
  });
});

describe('zSendOtpBody (POST /otp/sendOtp, /otp/resetOtp)', () => {
  it('accepts an e-mail or a phone with its code', () => {
    expect(zSendOtpBody.safeParse({ email: 'me@example.com' }).success).toBe(true);
    expect(zSendOtpBody.safeParse({ mobileNumber: '9876543210', phoneCode: '91' }).success).toBe(true);
  });
  it('gives the identifier messages', () => {
    expect(issues(zSendOtpBody.safeParse({}))).toEqual(['mobileNumber: Email / Phone is required']);
    expect(issues(zSendOtpBody.safeParse({ email: 'bad' }))).toEqual(['email: Email / Phone is invalid']);
    expect(issues(zSendOtpBody.safeParse({ mobileNumber: '9876543210' }))).toEqual([
      'mobileNumber: Please enter your phone code',
    ]);
  });
});

describe('zVerifyOtpBody (POST /otp/verifyOtp)', () => {
  it('accepts the identifier and a 4 digit OTP', () => {
    expect(zVerifyOtpBody.safeParse({ emailPhone: 'me@example.com', otp: '0042' }).success).toBe(true);
  });
  it("says 'OTP is required' and 'OTP must be 4 digits'", () => {
    expect(issues(zVerifyOtpBody.safeParse({ emailPhone: 'me@example.com' }))).toEqual(['otp: OTP is required']);
    expect(issues(zVerifyOtpBody.safeParse({ emailPhone: 'me@example.com', otp: '123' }))).toEqual(['otp: OTP must be 4 digits']);
    expect(issues(zVerifyOtpBody.safeParse({ emailPhone: 'me@example.com', otp: '12345' }))).toEqual([
      'otp: OTP must be 4 digits',
    ]);
  });
  it('checks the identifier', () => {
    expect(issues(zVerifyOtpBody.safeParse({ emailPhone: '', otp: '1234' }))).toEqual(['emailPhone: Email / Phone is required']);
  });
});

describe('zResetPasswordBody (PUT /user/resetPassword)', () => {
  const body = { emailPhone: '+919876543210', newPassword: PASSWORD, confirmPassword: PASSWORD, resetToken: 'ticket' };
  it('accepts a valid new password and its confirmation', () => {
    expect(zResetPasswordBody.safeParse(body).success).toBe(true);
  });
  it('needs the reset ticket of the verified code', () => {
    const { resetToken: _, ...without } = body;
    expect(issues(zResetPasswordBody.safeParse(without))).toEqual(['resetToken: Please verify the OTP first']);
  });
  it('applies the new-password rules and the confirm messages', () => {
    expect(issues(zResetPasswordBody.safeParse({ ...body, newPassword: 'Ab1!', confirmPassword: 'Ab1!' }))).toEqual([
      'newPassword: Password must be at least 8 characters',
    ]);
    expect(issues(zResetPasswordBody.safeParse({ ...body, confirmPassword: 'Other1!x' }))).toEqual([
      'confirmPassword: Passwords should match!',
    ]);
    expect(issues(zResetPasswordBody.safeParse({ ...body, confirmPassword: '' }))).toEqual([
      'confirmPassword: Confirm password is required',
    ]);
  });
});

describe('zChangePasswordBody (POST user/changePassword)', () => {
  const body = { oldPassword: 'OldSecret1!', newPassword: PASSWORD, confirmPassword: PASSWORD };
  it('accepts valid old, new and confirm', () => {
    expect(zChangePasswordBody.safeParse(body).success).toBe(true);
  });
  it("says 'Old password is required'", () => {
    expect(issues(zChangePasswordBody.safeParse({ ...body, oldPassword: '' }))).toEqual([
      'oldPassword: Old password is required',
    ]);
    const { oldPassword: _o, ...noOld } = body;
    expect(issues(zChangePasswordBody.safeParse(noOld))).toEqual(['oldPassword: Old password is required']);
  });
  it('applies the same rules to the old password (8-15, complexity)', () => {
    expect(issues(zChangePasswordBody.safeParse({ ...body, oldPassword: 'Ab1!' }))).toEqual([
      'oldPassword: Password must be at least 8 characters',
    ]);
    expect(issues(zChangePasswordBody.safeParse({ ...body, oldPassword: 'Abcdefg1!abcdefg' }))).toEqual([
      'oldPassword: Password must be at most 15 characters',
    ]);
  });
  it('applies the new-password rules and the confirm messages', () => {
    expect(issues(zChangePasswordBody.safeParse({ ...body, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }))).toEqual([
      'newPassword: Password must contain a number, an upper case letter, a lower case letter and one of !@#$%^&*',
    ]);
    expect(issues(zChangePasswordBody.safeParse({ ...body, confirmPassword: 'Secret1@' }))).toEqual([
      'confirmPassword: Passwords should match!',
    ]);
  });
});
