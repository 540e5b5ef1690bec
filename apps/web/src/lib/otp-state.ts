/** Where an OTP screen was opened from. */
export type TOtpOrigin =
  | 'registration'
  | 'reset-password'
  | 'userprofile'
  | 'imcregistration'
  | 'profile-update'
  | 'profile update';

/**
 * Router state handed to /verifyotp and /registerationotp. `emailPhone` is the key the server
 * answered with (an e-mail, or '+{code}{digits}'); `email` or `mobileNumber` + `phoneCode` are the
 * parts a resend needs; `next` is where a contact verification continues.
 */
export type TOtpState = {
  emailPhone: string;
  origin: TOtpOrigin;
  email?: string | null;
  mobileNumber?: string | null;
  phoneCode?: string | null;
  next?: string;
  /** The sign-up this registration OTP belongs to: a resend names it, so the code stays bound to this password. */
  attemptId?: string | null;
};

export type TOtpTarget = ({ email: string } | { mobileNumber: string; phoneCode: string }) & { attemptId?: string };

/**
 * The body of otp/sendOtp and otp/resetOtp for a state. When only the '+{code}{digits}' key is known,
 * `phoneCodeHint` (e.g. the user's saved code) splits it; otherwise a 10-digit number is assumed.
 */
export function otpTargetOf(state: TOtpState, phoneCodeHint?: string | null): TOtpTarget {
  const attempt = state.attemptId ? { attemptId: state.attemptId } : {};
  return { ...identifierOf(state, phoneCodeHint), ...attempt };
}

function identifierOf(state: TOtpState, phoneCodeHint?: string | null): TOtpTarget {
  if (state.email) return { email: state.email };
  if (state.mobileNumber && state.phoneCode) return { mobileNumber: state.mobileNumber, phoneCode: state.phoneCode };
  const key = state.emailPhone;
  if (!key.startsWith('+')) return { email: key };
  const digits = key.slice(1);
  const hint = phoneCodeHint?.replace(/^\+/, '');
  if (hint && digits.startsWith(hint) && digits.length - hint.length >= 8) {
    return { phoneCode: hint, mobileNumber: digits.slice(hint.length) };
  }
  const codeLength = Math.min(3, Math.max(1, digits.length - 10));
  return { phoneCode: digits.slice(0, codeLength), mobileNumber: digits.slice(codeLength) };
}
