import type { UseFormReturnType } from '@mantine/form';
import { MSG, phoneKey, type TOtpSent, type TProfileFields } from '@virality/domain';
import { ApiError, api } from '../../lib/api-client';
import type { TOtpOrigin, TOtpState } from '../../lib/otp-state';
import { focusFirstInvalid } from '../../lib/profile-fields';
import type { useFormError } from '../form-error-alert';
import type { TProfileValues } from './values';

export type TContactOtpBody = { email: string } | { mobileNumber: string; phoneCode: string };

/** POST otp/sendOtp with the session: a code to a new e-mail or mobile of the logged-in user. */
export async function sendContactOtp(body: TContactOtpBody): Promise<TOtpSent> {
  const res = await api.post('otp/sendOtp', body);
  return res.response;
}

/**
 * After a profile save whose new e-mail or mobile is kept pending (saved only once its code is verified): sends the
 * code and gives the /verifyotp state that continues at `next`. The rest of the profile is saved already, so a code
 * that could not be sent is only logged (what failed, never the address); the code page still opens, where Resend
 * asks for another.
 */
export async function contactVerification(
  pending: readonly string[],
  payload: Pick<TProfileFields, 'email' | 'mobileNumber' | 'phoneCode'>,
  origin: TOtpOrigin,
  next: string,
): Promise<TOtpState> {
  const body: TContactOtpBody =
    pending.includes('email') && payload.email
      ? { email: payload.email }
      : { mobileNumber: payload.mobileNumber ?? '', phoneCode: payload.phoneCode ?? '' };
  const sent = await sendContactOtp(body).catch((err: unknown) => {
    console.warn(`${origin}: the verification code was not sent`, otpFailureForLog(err));
    return null;
  });
  const key = 'email' in body ? body.email : phoneKey(body.phoneCode, body.mobileNumber);
  return { emailPhone: sent?.emailPhone || key, origin, ...body, next };
}

/**
 * A failed profile save: the server's per-field messages go to their fields (focus on the first); one for a field the
 * form does not show (`shows`), or a failure with none, is said at the top of the form.
 */
export function showSaveError(
  err: unknown,
  form: UseFormReturnType<TProfileValues>,
  formError: ReturnType<typeof useFormError>,
  shows: (field: string) => boolean,
): void {
  const message = (err instanceof Error && err.message) || MSG.somethingWentWrong;
  const fieldErrors = readFieldErrors(err);
  if (!fieldErrors) {
    formError.show(message);
    return;
  }
  form.setErrors(fieldErrors);
  focusFirstInvalid();
  if (Object.keys(fieldErrors).some((f) => !shows(f))) formError.show(message);
}

/** What the log keeps of a failed code send: the status and code of the answer, never the address it was for. */
function otpFailureForLog(err: unknown): { status: number | null; code: string | null } {
  return err instanceof ApiError ? { status: err.status, code: err.code } : { status: null, code: null };
}

/** The server's per-field messages of a 400 (response.errors), if any. */
function readFieldErrors(err: unknown): Record<string, string> | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const errors = (err.response as { errors?: Record<string, string> } | null)?.errors;
  return errors && typeof errors === 'object' && Object.keys(errors).length > 0 ? errors : null;
}
