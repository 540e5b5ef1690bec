import { confirmPasswordIssue, MSG, parseIdentifier, type TIdentifier, zLoginPassword, zNewPassword } from '@virality/domain';
import type { TOtpTarget } from '../../../lib/otp-state';

const DIGITS = /^\d+$/;

/** True when the identifier field holds only digits, i.e. a phone that needs a country code. */
export const isPhoneEntry = (value: string): boolean => DIGITS.test(value);

/** The identifier message for the field (null when valid); the phone-code message goes on its own field. */
export function identifierError(value: string, phoneCode: string): string | null {
  const r = parseIdentifier(value, isPhoneEntry(value) ? phoneCode : null);
  if (r.ok || r.message === MSG.phoneCodeRequired) return null;
  return r.message;
}

export function phoneCodeError(value: string, phoneCode: string): string | null {
  if (!isPhoneEntry(value)) return null;
  const r = parseIdentifier(value, phoneCode);
  return !r.ok && r.message === MSG.phoneCodeRequired ? r.message : null;
}

/** The parsed identifier, or null while the field is not valid. */
export function readIdentifier(value: string, phoneCode: string): TIdentifier | null {
  const r = parseIdentifier(value, isPhoneEntry(value) ? phoneCode : null);
  return r.ok ? r.value : null;
}

/** The e-mail or mobile + phone code body of the OTP and sign-up calls. */
export function identifierTarget(id: TIdentifier): TOtpTarget {
  return id.kind === 'email' ? { email: id.email } : { mobileNumber: id.mobileNumber, phoneCode: id.phoneCode };
}

const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }): string | null =>
  r.success ? null : (r.error?.issues[0]?.message ?? MSG.passwordRequired);

export const newPasswordError = (value: string): string | null => firstIssue(zNewPassword.safeParse(value));
export const loginPasswordError = (value: string): string | null => firstIssue(zLoginPassword.safeParse(value));
export const confirmError = (password: string, confirm: string): string | null => confirmPasswordIssue(password, confirm);
