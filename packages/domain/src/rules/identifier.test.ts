import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX,
  IDENTIFIER_MAX,
  isEmail,
  PHONE_CODE_MAX,
  PHONE_IDENTIFIER_MAX,
  PHONE_MAX,
  PHONE_MIN,
  parseEmailPhone,
  parseIdentifier,
  phoneKey,
  zEmail,
  zPhoneCode,
} from './identifier';

const REQUIRED = 'Email / Phone is required';
const INVALID = 'Email / Phone is invalid';
const CODE_REQUIRED = 'Please enter your phone code';
const EMAIL_INVALID = 'Email is not valid';

/** An e-mail of exactly `length` characters. */
const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
const digits = (n: number) => '9'.repeat(n);

describe('identifier constants', () => {
  it('identifier max 60 (12 if numeric), phone 8-12 digits, phone code max 3, email max 60', () => {
    expect(IDENTIFIER_MAX).toBe(60);
    expect(PHONE_IDENTIFIER_MAX).toBe(12);
    expect(PHONE_MIN).toBe(8);
    expect(PHONE_MAX).toBe(12);
    expect(PHONE_CODE_MAX).toBe(3);
    expect(EMAIL_MAX).toBe(60);
  });
});

describe('isEmail', () => {
  it('recognises the e-mail pattern', () => {
    expect(isEmail('user@example.com')).toBe(true);
    expect(isEmail('first.last+tag@sub.example.co')).toBe(true);
  });
  it('rejects what is not an e-mail', () => {
    for (const v of ['user', 'user@', '@example.com', 'user@example', 'user@example.c', 'us er@example.com', '98765432']) {
      expect(isEmail(v), v).toBe(false);
    }
  });
});

describe('phoneKey', () => {
  it("is '+' then the country code then the digits", () => {
    expect(phoneKey('91', '9876543210')).toBe('+919876543210');
  });
});

describe('parseIdentifier (login and sign-up "Email / Phone" field)', () => {
  it("says 'Email / Phone is required' when empty", () => {
    for (const v of ['', '   ', undefined, null]) {
      expect(parseIdentifier(v, '91')).toEqual({ ok: false, message: REQUIRED });
    }
  });

  it('blocks spaces inside the value', () => {
    expect(parseIdentifier('user @example.com')).toEqual({ ok: false, message: INVALID });
    expect(parseIdentifier('9876 543210', '91')).toEqual({ ok: false, message: INVALID });
  });

  it('reads an e-mail pattern as e-mail, lowercased on send', () => {
    expect(parseIdentifier('User.Name@Example.COM')).toEqual({
      ok: true,
      value: { kind: 'email', email: 'user.name@example.com', key: 'user.name@example.com' },
    });
  });

  it('ignores surrounding blanks', () => {
    const r = parseIdentifier('  user@example.com  ');
    expect(r.ok && r.value.key).toBe('user@example.com');
  });

  it("says 'Email / Phone is invalid' for a value that is neither e-mail nor digits", () => {
    for (const v of ['user', 'user@example', '98765-43210', 'abc123', '+91 98765 43210']) {
      expect(parseIdentifier(v, '91'), v).toEqual({ ok: false, message: INVALID });
    }
  });

  it('accepts an e-mail of 60 characters and refuses 61', () => {
    expect(emailOfLength(60)).toHaveLength(60);
    expect(parseIdentifier(emailOfLength(60)).ok).toBe(true);
    expect(parseIdentifier(emailOfLength(61))).toEqual({ ok: false, message: INVALID });
  });

  it('accepts a phone its country can have, with its code apart, and stores it in E.164', () => {
    expect(parseIdentifier('9876543210', '91')).toEqual({
      ok: true,
      value: { kind: 'phone', phoneCode: '91', mobileNumber: '9876543210', key: '+919876543210' },
    });
    expect(parseIdentifier('2025550123', '+1')).toEqual({
      ok: true,
      value: { kind: 'phone', phoneCode: '1', mobileNumber: '2025550123', key: '+12025550123' },
    });
    // 8 digits where the country's numbers have 10 are no phone of that country
    expect(parseIdentifier('20255501', '1')).toEqual({ ok: false, message: INVALID });
  });

  it('accepts the phone as one field with its country code in front, as mobile clients send it', () => {
    const uk = { kind: 'phone', phoneCode: '44', mobileNumber: '7700900123', key: '+447700900123' };
    expect(parseIdentifier('447700900123')).toEqual({ ok: true, value: uk });
    expect(parseIdentifier('+447700900123')).toEqual({ ok: true, value: uk });
    expect(parseIdentifier('+447700900123', '91')).toEqual({ ok: true, value: uk });
    expect(parseIdentifier('447700900123', '44')).toEqual({ ok: true, value: uk });
  });

  it("drops the country's trunk prefix: 07700900123 with code 44 is the same phone", () => {
    const r = parseIdentifier('07700900123', '44');
    expect(r.ok && r.value.key).toBe('+447700900123');
    expect(phoneKey('44', '07700900123')).toBe('+447700900123');
  });

  it('refuses a phone of 7 or 13 digits', () => {
    expect(parseIdentifier(digits(7), '91')).toEqual({ ok: false, message: INVALID });
    expect(parseIdentifier(digits(13), '91')).toEqual({ ok: false, message: INVALID });
  });

  it("asks 'Please enter your phone code' for a phone without a country code", () => {
    for (const code of [undefined, null, '', '  ', '+']) {
      expect(parseIdentifier('9876543210', code)).toEqual({ ok: false, message: CODE_REQUIRED });
    }
  });

  it('takes a country code of 1-3 digits, with or without a leading +', () => {
    const r = parseIdentifier('501234567', '+971');
    expect(r.ok && r.value.key).toBe('+971501234567');
    expect(parseIdentifier('9876543210', '1234')).toEqual({ ok: false, message: CODE_REQUIRED });
    expect(parseIdentifier('9876543210', 'ab')).toEqual({ ok: false, message: CODE_REQUIRED });
  });
});

describe('parseEmailPhone (one combined emailPhone string)', () => {
  it("says 'Email / Phone is required' when empty", () => {
    for (const v of ['', '  ', undefined, null]) expect(parseEmailPhone(v)).toEqual({ ok: false, message: REQUIRED });
  });

  it('lowercases an e-mail', () => {
    expect(parseEmailPhone(' User@Example.com ')).toEqual({ ok: true, key: 'user@example.com' });
  });

  it('accepts a phone with its country code in front, with or without +, as its E.164 key', () => {
    expect(parseEmailPhone('+919876543210')).toEqual({ ok: true, key: '+919876543210' });
    expect(parseEmailPhone('919876543210')).toEqual({ ok: true, key: '+919876543210' });
    expect(parseEmailPhone('447700900123')).toEqual({ ok: true, key: '+447700900123' });
  });

  it("says 'Email / Phone is invalid' for numbers no country has, bad e-mails and over-long e-mails", () => {
    for (const v of ['+9198765', `+${digits(16)}`, 'user', 'user@example', emailOfLength(61)]) {
      expect(parseEmailPhone(v), v).toEqual({ ok: false, message: INVALID });
    }
    expect(parseEmailPhone(emailOfLength(60)).ok).toBe(true);
  });
});

describe('zEmail (profile e-mail)', () => {
  it('trims and lowercases a valid e-mail', () => {
    expect(zEmail.parse(' Me@Example.com ')).toBe('me@example.com');
  });
  it("says 'Email is not valid' for a bad format", () => {
    expect(zEmail.safeParse('me@example').error?.issues[0].message).toBe(EMAIL_INVALID);
  });
  it("accepts 60 characters and says 'Email is not valid' at 61", () => {
    expect(zEmail.safeParse(emailOfLength(60)).success).toBe(true);
    expect(zEmail.safeParse(emailOfLength(61)).error?.issues[0].message).toBe(EMAIL_INVALID);
  });
});

describe('zPhoneCode', () => {
  it('takes 1-3 digits and drops a leading +', () => {
    expect(zPhoneCode.parse('+91')).toBe('91');
    expect(zPhoneCode.parse('1')).toBe('1');
    expect(zPhoneCode.parse('971')).toBe('971');
  });
  it("says 'Please enter your phone code' when empty, too long or not digits", () => {
    for (const v of ['', '1234', 'ab']) expect(zPhoneCode.safeParse(v).error?.issues[0].message, v).toBe(CODE_REQUIRED);
  });
});
