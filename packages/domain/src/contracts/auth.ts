import { z } from 'zod';
import { SIGNUP_PROFILE_TYPES } from '../enums';
import { MSG } from '../messages';
import { GUARD_MSG } from '../rules/guard';
import { parseEmailPhone, parseIdentifier } from '../rules/identifier';
import {
  GOOGLE_CREDENTIAL_MAX,
  ID_MAX,
  IDENTIFIER_FIELD_MAX,
  LABEL_MAX,
  PHONE_CODE_FIELD_MAX,
  TEXT_FIELD_MAX,
  tooLong,
} from '../rules/limits';
import { zOtp } from '../rules/otp';
import { zLoginPassword, zNewPassword, zOldPassword } from '../rules/password';

/** The e-mail or mobile of sign-up and OTP calls, as typed (parseIdentifier reads it; it allows 60). */
const zIdentifierField = z.string().max(IDENTIFIER_FIELD_MAX, MSG.identifierInvalid).optional().nullable();
const zPhoneCodeField = z.string().max(PHONE_CODE_FIELD_MAX, MSG.phoneCodeRequired).optional().nullable();
/** Longer than any password can be, so it cannot match. */
const zConfirmPasswordField = z.string().max(TEXT_FIELD_MAX, MSG.passwordsMustMatch).optional().nullable();
/** The single "Email / Phone" string of login, verifyOtp and resetPassword. */
const zEmailPhone = z
  .string({ error: MSG.identifierRequired })
  .max(IDENTIFIER_FIELD_MAX, { error: MSG.identifierInvalid, abort: true })
  .superRefine((v, ctx) => {
    const r = parseEmailPhone(v);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message });
  });

/** Adds the identifier issue (email, or mobileNumber + phoneCode) to a body that carries one of them. */
const checkIdentifierFields = (
  b: { email?: string | null; mobileNumber?: string | null; phoneCode?: string | null },
  ctx: z.RefinementCtx,
) => {
  const raw = b.email?.trim() ? b.email : b.mobileNumber;
  const r = parseIdentifier(raw, b.phoneCode);
  if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message, path: [b.email?.trim() ? 'email' : 'mobileNumber'] });
};

const checkConfirm = (b: { newPassword?: string; password?: string; confirmPassword?: string | null }, ctx: z.RefinementCtx) => {
  if (b.confirmPassword === undefined || b.confirmPassword === null) return; // the mobile clients send no confirm
  const pw = b.newPassword ?? b.password ?? '';
  if (!b.confirmPassword) ctx.addIssue({ code: 'custom', message: MSG.confirmPasswordRequired, path: ['confirmPassword'] });
  else if (b.confirmPassword !== pw) ctx.addIssue({ code: 'custom', message: MSG.passwordsMustMatch, path: ['confirmPassword'] });
};

/** POST /user/create_user */
export const zCreateUserBody = z
  .object({
    email: zIdentifierField,
    mobileNumber: zIdentifierField,
    phoneCode: zPhoneCodeField,
    password: zNewPassword,
    confirmPassword: zConfirmPasswordField,
    profileType: z.enum(SIGNUP_PROFILE_TYPES, { error: 'Please choose a profile type' }),
  })
  .superRefine((b, ctx) => {
    checkIdentifierFields(b, ctx);
    checkConfirm(b, ctx);
  });
export type TCreateUserBody = z.infer<typeof zCreateUserBody>;

/** POST /user/userLogin */
export const zLoginBody = z.object({
  emailPhone: zEmailPhone,
  password: zLoginPassword,
  platform: z.string().max(LABEL_MAX, tooLong('platform')).optional().nullable(),
});
export type TLoginBody = z.infer<typeof zLoginBody>;

/** POST /user/googleLogin: `credential` is the Google ID token; `profileType` is sent only from sign-up. */
export const zGoogleLoginBody = z.object({
  email: z
    .string({ error: MSG.identifierRequired })
    .min(1, { error: MSG.identifierRequired, abort: true })
    .max(IDENTIFIER_FIELD_MAX, MSG.identifierInvalid),
  isGoogleLogin: z.boolean().optional(),
  credential: z
    .string({ error: MSG.googleTokenInvalid })
    .min(10, MSG.googleTokenInvalid)
    .max(GOOGLE_CREDENTIAL_MAX, MSG.googleTokenInvalid),
  profileType: z.enum(SIGNUP_PROFILE_TYPES).optional().nullable(),
});

/** POST /otp/sendOtp and /otp/resetOtp */
export const zSendOtpBody = z
  .object({
    email: zIdentifierField,
    mobileNumber: zIdentifierField,
    phoneCode: zPhoneCodeField,
    /** The sign-up a registration OTP resend belongs to (create_user and a login of an unverified account return it). */
    attemptId: z.string().max(ID_MAX, tooLong('attemptId')).optional().nullable(),
  })
  .superRefine((b, ctx) => checkIdentifierFields(b, ctx));
export type TSendOtpBody = z.infer<typeof zSendOtpBody>;

/** POST /otp/verifyOtp */
export const zVerifyOtpBody = z.object({
  emailPhone: zEmailPhone,
  otp: zOtp,
});

/** PUT /user/resetPassword */
export const zResetPasswordBody = z
  .object({
    emailPhone: zEmailPhone,
    newPassword: zNewPassword,
    confirmPassword: zConfirmPasswordField,
    /** The single-use ticket verifyOtp returned for this reset. */
    resetToken: z.string({ error: GUARD_MSG.resetTicketInvalid }).min(1, GUARD_MSG.resetTicketInvalid).max(128),
  })
  .superRefine(checkConfirm);

/** POST /user/changePassword */
export const zChangePasswordBody = z
  .object({
    oldPassword: zOldPassword,
    newPassword: zNewPassword,
    confirmPassword: zConfirmPasswordField,
  })
  .superRefine(checkConfirm);
