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

/** The lookup key of a phone: '+' then country code then digits. */
export const phoneKey = (phoneCode: string, mobileNumber: string): string => `+${phoneCode}${mobileNumber}`;

/**
 * Reads the single "Email / Phone" field of login and sign-up (seed 001 §5): an e-mail pattern is
 * e-mail (lowercased), all digits is a phone that needs a country code, anything else is invalid.
 * Returns the identifier or the spec's message.
 */
export function parseIdentifier(
  raw: string | undefined | null,
  phoneCode?: string | null,
): { ok: true; value: TIdentifier } | { ok: false; message: string } {
  const value = (raw ?? '').trim();
  if (!value) return { ok: false, message: MSG.identifierRequired };
  if (/\s/.test(value)) return { ok: false, message: MSG.identifierInvalid };
  if (DIGITS_RE.test(value)) {
    if (value.length < PHONE_MIN || value.length > PHONE_MAX) return { ok: false, message: MSG.identifierInvalid };
    const code = (phoneCode ?? '').replace(/^\+/, '').trim();
    if (!code) return { ok: false, message: MSG.phoneCodeRequired };
    if (!DIGITS_RE.test(code) || code.length > PHONE_CODE_MAX) return { ok: false, message: MSG.phoneCodeRequired };
    return { ok: true, value: { kind: 'phone', phoneCode: code, mobileNumber: value, key: phoneKey(code, value) } };
  }
  if (value.length > IDENTIFIER_MAX || !isEmail(value)) return { ok: false, message: MSG.identifierInvalid };
  const email = value.toLowerCase();
  return { ok: true, value: { kind: 'email', email, key: email } };
}

/**
 * Reads an identifier already combined by a client: an e-mail, or a phone key '+{code}{digits}'.
 * Used by calls whose body carries one `emailPhone` string (login, verifyOtp, resetPassword).
 */
export function parseEmailPhone(raw: string | undefined | null): { ok: true; key: string } | { ok: false; message: string } {
  const value = (raw ?? '').trim();
  if (!value) return { ok: false, message: MSG.identifierRequired };
  if (/^\+\d{9,15}$/.test(value)) return { ok: true, key: value };
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
