import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { MSG } from '../messages';

export const EMAIL_MAX = 60;
export const IDENTIFIER_MAX = 60;
export const PHONE_IDENTIFIER_MAX = 12;
export const PHONE_MIN = 8;
export const PHONE_MAX = 12;
export const PHONE_CODE_MAX = 3;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const DIGITS_RE = /^\d+$/;

/** True when the value has the shape of an e-mail address. */
export const isEmail = (value: string): boolean => EMAIL_RE.test(value);

export type TIdentifier =
  | { kind: 'email'; email: string; key: string }
  | { kind: 'phone'; phoneCode: string; mobileNumber: string; key: string };

export type TPhone = { phoneCode: string; mobileNumber: string; key: string };

/**
 * Reads a phone as clients send it: national digits with a separate country code ('7700900123' + '44'),
 * or one field with the code in front ('447700900123' or '+447700900123'). The country's trunk prefix is
 * dropped ('07700900123' + '44' is the same phone). Returns the code, the national digits and the E.164
 * key the phone is stored and found by; null when no country has such a number (by its length).
 */
export function readPhone(number: string, phoneCode?: string | null): TPhone | null {
  const value = number.trim();
  const code = (phoneCode ?? '').trim().replace(/^\+/, '');
  if (!/^\+?\d{4,17}$/.test(value) || (code && !/^\d{1,3}$/.test(code))) return null;
  const candidates = value.startsWith('+')
    ? [parsePhoneNumberFromString(value)]
    : code
      ? // national digits for that code; else the whole number with the code already in front
        [
          parsePhoneNumberFromString(value, { defaultCallingCode: code }),
          value.startsWith(code) ? parsePhoneNumberFromString(`+${value}`) : undefined,
        ]
      : [parsePhoneNumberFromString(`+${value}`)];
  const phone = candidates.find((p) => p?.isPossible());
  if (!phone) return null;
  return { phoneCode: phone.countryCallingCode, mobileNumber: phone.nationalNumber, key: phone.number };
}

/** The lookup key of a phone (E.164: '+', country code, national digits); see readPhone. */
export const phoneKey = (phoneCode: string, mobileNumber: string): string =>
  readPhone(mobileNumber, phoneCode)?.key ?? `+${phoneCode.replace(/^\+/, '')}${mobileNumber}`;

/**
 * Reads the single "Email / Phone" field of login and sign-up: an e-mail pattern is e-mail
 * (lowercased); digits are a phone, with its country code in `phoneCode` or in front of the digits
 * ('447700900123', '+447700900123'); anything else is invalid. Returns the identifier or the message.
 */
export function parseIdentifier(
  raw: string | undefined | null,
  phoneCode?: string | null,
): { ok: true; value: TIdentifier } | { ok: false; message: string } {
  const value = (raw ?? '').trim();
  if (!value) return { ok: false, message: MSG.identifierRequired };
  if (/\s/.test(value)) return { ok: false, message: MSG.identifierInvalid };
  if (/^\+?\d+$/.test(value)) {
    const code = (phoneCode ?? '').replace(/^\+/, '').trim();
    if (code && (!DIGITS_RE.test(code) || code.length > PHONE_CODE_MAX)) return { ok: false, message: MSG.phoneCodeRequired };
    const international = value.startsWith('+') || !code;
    if (!international && (value.length < PHONE_MIN || value.length > PHONE_MAX))
      return { ok: false, message: MSG.identifierInvalid };
    const phone = readPhone(value, international ? null : code);
    if (phone) return { ok: true, value: { kind: 'phone', ...phone } };
    // digits of a local length with no code: the code is what is missing
    if (!code && !value.startsWith('+') && value.length >= PHONE_MIN && value.length <= PHONE_MAX)
      return { ok: false, message: MSG.phoneCodeRequired };
    return { ok: false, message: MSG.identifierInvalid };
  }
  if (value.length > IDENTIFIER_MAX || !isEmail(value)) return { ok: false, message: MSG.identifierInvalid };
  const email = value.toLowerCase();
  return { ok: true, value: { kind: 'email', email, key: email } };
}

/**
 * Reads an identifier already combined by a client: an e-mail, or a phone with its country code in
 * front ('+447700900123' or '447700900123'), answered as its E.164 key.
 * Used by calls whose body carries one `emailPhone` string (login, verifyOtp, resetPassword).
 */
export function parseEmailPhone(raw: string | undefined | null): { ok: true; key: string } | { ok: false; message: string } {
  const value = (raw ?? '').trim();
  if (!value) return { ok: false, message: MSG.identifierRequired };
  if (/^\+?\d+$/.test(value)) {
    const phone = readPhone(value);
    return phone ? { ok: true, key: phone.key } : { ok: false, message: MSG.identifierInvalid };
  }
  if (value.length <= IDENTIFIER_MAX && isEmail(value)) return { ok: true, key: value.toLowerCase() };
  return { ok: false, message: MSG.identifierInvalid };
}

/** Zod field for a plain e-mail (profile forms): max 60, 'Email is not valid'. */
export const zEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, MSG.emailInvalid)
  .refine((v) => isEmail(v), MSG.emailInvalid)
  .transform((v) => v.toLowerCase());

/** Zod field for a phone country code: digits, at most 3. */
export const zPhoneCode = z
  .string()
  .trim()
  .transform((v) => v.replace(/^\+/, ''))
  .refine((v) => /^\d{1,3}$/.test(v), MSG.phoneCodeRequired);
