import { z } from 'zod';
import { MSG } from '../messages';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 15;
/** The login field accepts one more character than the rule so that an over-long password gets the message. */
export const PASSWORD_FIELD_MAX = 16;
export const PASSWORD_SPECIALS = '!@#$%^&*';

/** True when a password has a digit, an upper case, a lower case and one of !@#$%^&*. */
export const isPasswordComplex = (v: string): boolean =>
  /\d/.test(v) && /[A-Z]/.test(v) && /[a-z]/.test(v) && /[!@#$%^&*]/.test(v);

/** A new password: 8-15 chars with a digit, an upper case, a lower case and one of !@#$%^&*. */
export const zNewPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired, abort: true })
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, MSG.passwordMax)
  .refine(isPasswordComplex, MSG.passwordComplexity);

/** The old password of change password: the same rules as a new one, with its own required message. */
export const zOldPassword = z
  .string({ error: MSG.oldPasswordRequired })
  .min(1, { error: MSG.oldPasswordRequired, abort: true })
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, MSG.passwordMax)
  .refine(isPasswordComplex, MSG.passwordComplexity);

/** The login password: required, at most 15. */
export const zLoginPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired, abort: true })
  .max(PASSWORD_MAX, MSG.passwordMax);

/** Confirm-password check shared by sign-up, new password and change password. */
export function confirmPasswordIssue(password: string, confirm: string | undefined): string | null {
  if (!confirm) return MSG.confirmPasswordRequired;
  if (confirm !== password) return MSG.passwordsMustMatch;
  return null;
}
