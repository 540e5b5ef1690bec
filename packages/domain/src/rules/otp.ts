import { z } from 'zod';
import { MSG } from '../messages';

export const OTP_LENGTH = 4;
/** Resend countdown on the login / reset-password flow (seconds). */
export const OTP_RESEND_SECONDS = 60;
/** Resend countdown on the registration OTP screen (seconds). */
export const REGISTRATION_OTP_RESEND_SECONDS = 16;
/** An OTP lives 10 minutes. */
export const OTP_TTL_SECONDS = 600;
/** Five wrong tries, then a new OTP is needed. */
export const OTP_MAX_TRIES = 5;

/** The OTP field: a longer value than this (spaces around included) is no OTP. */
export const OTP_FIELD_MAX = 16;

export const zOtp = z
  .string({ error: MSG.otpRequired })
  .max(OTP_FIELD_MAX, { error: MSG.otpInvalidFormat, abort: true })
  .trim()
  .min(1, { error: MSG.otpRequired, abort: true })
  .regex(/^\d{4}$/, MSG.otpInvalidFormat);

/** Seconds still to wait before another OTP may be sent; 0 when it may be sent now. */
export function otpResendWait(lastSentAtMs: number | null, nowMs: number, cooldownSeconds: number): number {
  if (lastSentAtMs === null) return 0;
  const left = Math.ceil((lastSentAtMs + cooldownSeconds * 1000 - nowMs) / 1000);
  return Math.max(left, 0);
}
