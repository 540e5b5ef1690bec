/** Failed logins, wrong old passwords or wrong OTPs one account may have within the window. */
export const ACCOUNT_MAX_FAILURES = 10;
/** The window those failures are counted in, and how long the account then answers 429 (minutes). */
export const ACCOUNT_GUARD_MINUTES = 15;
/** Codes (OTPs) one address may be sent within the guard window, whatever the resend countdowns allow. */
export const ACCOUNT_MAX_CODES = 5;
/** How long a sign-up nobody verified keeps its password (days). */
export const SIGNUP_ATTEMPT_TTL_DAYS = 7;
/** How long the reset ticket a verified reset OTP gives is good for (seconds). */
export const RESET_TICKET_TTL_SECONDS = 600;

/** Messages of the account guards (sign-in limits, sign-up attempts, invitations, delivery). */
export const GUARD_MSG = {
  accountLocked: (minutes: number) =>
    `Too many failed attempts on this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  tooManyCodes: (minutes: number) =>
    `Too many codes were sent to this address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  invitationWaiting:
    'An invitation to join a business team is waiting for this address. Please use the link in the invitation to set your password',
  invitationExpired: 'Your invitation has expired. Please ask your business owner to invite you again',
  signupExpired: 'This sign-up has expired. Please sign up again',
  signupAmbiguous: 'More than one sign-up is waiting for this address. Please sign up again to get a new OTP',
  resetTicketInvalid: 'Please verify the OTP first',
  adminNoCode: 'Codes are not sent to an admin’s address. Ask whoever runs Virality for a new password link',
  businessInactive: 'The business you work for is deactivated, so its team cannot sign in. Please contact the business owner',
  smsUnavailable: 'We cannot send text messages right now. Please use your email address instead',
  emailUnavailable: 'We cannot send emails right now. Please use your phone number instead',
  lockNoticeSubject: 'Sign-in to your Virality account was paused',
  lockNotice: (minutes: number) =>
    `We paused sign-in to your Virality account for ${minutes} minutes after ${ACCOUNT_MAX_FAILURES} failed attempts. If this was not you, change your password once you are back in.`,
} as const;

/** Minutes left (rounded up, at least 1) until a lock that ends at `untilMs` is over. */
export function minutesLeft(untilMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((untilMs - nowMs) / 60_000));
}
