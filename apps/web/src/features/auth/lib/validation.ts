import { confirmPasswordIssue, MSG, parseIdentifier, type TIdentifier, zLoginPassword, zNewPassword } from '@virality/domain';
import type { TOtpTarget } from '../../../lib/otp-state';
import { isPhoneEntry } from './phone-entry';

export { isPhoneEntry };

/**
 * The form's reading of the field: digits typed here need the 'Phone code' beside them (the field the
 * form shows for digits); only a number written with '+' carries its own code. API clients may also
 * send the code in front without '+'.
 */
function parseEntry(value: string, phoneCode: string) {
  if (isPhoneEntry(value) && !value.trim().startsWith('+') && !phoneCode.trim())
    return { ok: false as const, message: MSG.phoneCodeRequired };
  return parseIdentifier(value, isPhoneEntry(value) ? phoneCode : null);
}

/** The identifier message for the field (null when valid); the phone-code message goes on its own field. */
export function identifierError(value: string, phoneCode: string): string | null {
  const r = parseEntry(value, phoneCode);
  if (r.ok || r.message === MSG.phoneCodeRequired) return null;
  return r.message;
}

export function phoneCodeError(value: string, phoneCode: string): string | null {
  if (!isPhoneEntry(value)) return null;
  const r = parseEntry(value, phoneCode);
  return !r.ok && r.message === MSG.phoneCodeRequired ? r.message : null;
}

/** The parsed identifier, or null while the field is not valid. */
export function readIdentifier(value: string, phoneCode: string): TIdentifier | null {
  const r = parseEntry(value, phoneCode);
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
