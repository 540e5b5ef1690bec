import { describe, expect, it } from 'vitest';
import {
  OTP_LENGTH,
  OTP_MAX_TRIES,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  otpResendWait,
  REGISTRATION_OTP_RESEND_SECONDS,
  zOtp,
} from './otp';

const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

describe('OTP constants', () => {
  it('OTP is 4 digits; resend after 60 s on login/reset and 16 s on registration', () => {
    expect(OTP_LENGTH).toBe(4);
    expect(OTP_RESEND_SECONDS).toBe(60);
    expect(REGISTRATION_OTP_RESEND_SECONDS).toBe(16);
  });
  it('an OTP lives 10 minutes and allows 5 wrong tries', () => {
    expect(OTP_TTL_SECONDS).toBe(600);
    expect(OTP_MAX_TRIES).toBe(5);
  });
});

describe('zOtp', () => {
  it('accepts 4 digits, trimmed', () => {
    expect(zOtp.parse('0427')).toBe('0427');
    expect(zOtp.parse(' 1234 ')).toBe('1234');
  });
  it("says 'OTP is required' when missing or empty", () => {
    expect(first(zOtp.safeParse(undefined))).toBe('OTP is required');
    expect(first(zOtp.safeParse(''))).toBe('OTP is required');
    expect(first(zOtp.safeParse('   '))).toBe('OTP is required');
  });
  it("says 'OTP must be 4 digits' for 3 or 5 digits or a non-digit", () => {
    for (const v of ['123', '12345', '12a4', '12 4']) expect(first(zOtp.safeParse(v)), v).toBe('OTP must be 4 digits');
  });
});

describe('an empty OTP gets the required message alone', () => {
  it('does not also say it must be 4 digits', () => {
    expect(zOtp.safeParse('').error?.issues.map((i) => i.message)).toEqual(['OTP is required']);
  });
});

describe('otpResendWait', () => {
  const sentAt = 1_750_000_000_000;
  it('is 0 when no OTP was sent', () => {
    expect(otpResendWait(null, sentAt, OTP_RESEND_SECONDS)).toBe(0);
  });
  it('counts the 60 s login/reset countdown down in whole seconds, rounding up', () => {
    expect(otpResendWait(sentAt, sentAt, 60)).toBe(60);
    expect(otpResendWait(sentAt, sentAt + 500, 60)).toBe(60);
    expect(otpResendWait(sentAt, sentAt + 1_000, 60)).toBe(59);
    expect(otpResendWait(sentAt, sentAt + 59_001, 60)).toBe(1);
    expect(otpResendWait(sentAt, sentAt + 59_999, 60)).toBe(1);
  });
  it('reaches 0 exactly at 60 s and stays 0', () => {
    expect(otpResendWait(sentAt, sentAt + 60_000, 60)).toBe(0);
    expect(otpResendWait(sentAt, sentAt + 3_600_000, 60)).toBe(0);
  });
  it('uses the 16 s registration countdown', () => {
    expect(otpResendWait(sentAt, sentAt, REGISTRATION_OTP_RESEND_SECONDS)).toBe(16);
    expect(otpResendWait(sentAt, sentAt + 15_000, REGISTRATION_OTP_RESEND_SECONDS)).toBe(1);
    expect(otpResendWait(sentAt, sentAt + 16_000, REGISTRATION_OTP_RESEND_SECONDS)).toBe(0);
  });
  it('never reports a negative wait', () => {
    expect(Object.is(otpResendWait(sentAt, sentAt + 60_400, 60), 0)).toBe(true);
  });
});
