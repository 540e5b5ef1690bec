import { describe, expect, it } from 'vitest';
import {
  confirmPasswordIssue,
  isPasswordComplex,
  PASSWORD_FIELD_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_SPECIALS,
  zLoginPassword,
  zNewPassword,
  zOldPassword,
} from './password';

const REQUIRED = 'Password is required';
const MIN = 'Password must be at least 8 characters';
const MAX = 'Password must be at most 15 characters';
const COMPLEXITY = 'Password must contain a number, an upper case letter, a lower case letter and one of !@#$%^&*';

/** A password meeting every complexity rule, of exactly `length` characters (length >= 4). */
const pw = (length: number) => `Aa1!${'a'.repeat(length - 4)}`;
const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

describe('password constants', () => {
  it('is 8-15 characters, the login field takes 16, specials are !@#$%^&*', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(15);
    expect(PASSWORD_FIELD_MAX).toBe(16);
    expect(PASSWORD_SPECIALS).toBe('!@#$%^&*');
  });
});

describe('zNewPassword', () => {
  it("says 'Password is required' when missing or empty", () => {
    expect(first(zNewPassword.safeParse(undefined))).toBe(REQUIRED);
    expect(first(zNewPassword.safeParse(''))).toBe(REQUIRED);
  });

  it("accepts 8 and 15 characters, says 'Password must be at least 8 characters' at 7", () => {
    expect(zNewPassword.safeParse(pw(8)).success).toBe(true);
    expect(zNewPassword.safeParse(pw(15)).success).toBe(true);
    expect(first(zNewPassword.safeParse(pw(7)))).toBe(MIN);
  });

  it('refuses 16 characters', () => {
    expect(first(zNewPassword.safeParse(pw(16)))).toBe(MAX);
  });

  it('needs a digit, an upper case, a lower case and one of !@#$%^&*', () => {
    expect(first(zNewPassword.safeParse('Aa!aaaaa'))).toBe(COMPLEXITY); // no digit
    expect(first(zNewPassword.safeParse('aa1!aaaa'))).toBe(COMPLEXITY); // no upper case
    expect(first(zNewPassword.safeParse('AA1!AAAA'))).toBe(COMPLEXITY); // no lower case
    expect(first(zNewPassword.safeParse('Aa1aaaaa'))).toBe(COMPLEXITY); // no special
    expect(first(zNewPassword.safeParse('Aa1-aaaa'))).toBe(COMPLEXITY); // '-' is not one of the specials
  });

  it('accepts each of the eight specials', () => {
    for (const s of PASSWORD_SPECIALS) expect(zNewPassword.safeParse(`Aa1${s}aaaa`).success, s).toBe(true);
  });
});

describe('an empty password gets the required message alone', () => {
  it('does not also list the length and complexity rules', () => {
    expect(zNewPassword.safeParse('').error?.issues).toHaveLength(1);
    expect(zOldPassword.safeParse('').error?.issues).toHaveLength(1);
    expect(zLoginPassword.safeParse('').error?.issues).toHaveLength(1);
  });
});

describe('isPasswordComplex', () => {
  it('is true only with digit, upper, lower and special', () => {
    expect(isPasswordComplex('Aa1!')).toBe(true);
    expect(isPasswordComplex('Aa1a')).toBe(false);
  });
});

describe('zLoginPassword', () => {
  it("says 'Password is required' when missing or empty", () => {
    expect(first(zLoginPassword.safeParse(undefined))).toBe(REQUIRED);
    expect(first(zLoginPassword.safeParse(''))).toBe(REQUIRED);
  });
  it('accepts up to 15 characters without complexity rules, refuses the 16th the field lets through', () => {
    expect(zLoginPassword.safeParse('x').success).toBe(true);
    expect(zLoginPassword.safeParse('a'.repeat(15)).success).toBe(true);
    expect(first(zLoginPassword.safeParse('a'.repeat(PASSWORD_FIELD_MAX)))).toBe(MAX);
  });
});

describe('zOldPassword (change password: same rules as a new one)', () => {
  it("says 'Old password is required' when missing or empty", () => {
    expect(first(zOldPassword.safeParse(undefined))).toBe('Old password is required');
    expect(first(zOldPassword.safeParse(''))).toBe('Old password is required');
  });
  it('applies the 8-15 and complexity rules', () => {
    expect(zOldPassword.safeParse(pw(8)).success).toBe(true);
    expect(zOldPassword.safeParse(pw(15)).success).toBe(true);
    expect(first(zOldPassword.safeParse(pw(7)))).toBe(MIN);
    expect(first(zOldPassword.safeParse(pw(16)))).toBe(MAX);
    expect(first(zOldPassword.safeParse('aaaaaaaa'))).toBe(COMPLEXITY);
  });
});

describe('confirmPasswordIssue', () => {
  it("says 'Confirm password is required' when the confirm is empty", () => {
    expect(confirmPasswordIssue('Aa1!aaaa', undefined)).toBe('Confirm password is required');
    expect(confirmPasswordIssue('Aa1!aaaa', '')).toBe('Confirm password is required');
  });
  it("says 'Passwords should match!' when they differ (case-sensitive)", () => {
    expect(confirmPasswordIssue('Aa1!aaaa', 'Aa1!aaab')).toBe('Passwords should match!');
    expect(confirmPasswordIssue('Aa1!aaaa', 'aA1!aaaa')).toBe('Passwords should match!');
  });
  it('is null when they match', () => {
    expect(confirmPasswordIssue('Aa1!aaaa', 'Aa1!aaaa')).toBeNull();
  });
});
