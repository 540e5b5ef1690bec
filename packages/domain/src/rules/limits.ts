/**
 * Length limits of what a client sends that has no limit of its own in the specification: every
 * string a request carries is bounded, so nothing unbounded reaches the database, a log or a regex.
 * Fields the specification limits (name 40, username 20, address 250, role description 250, delete
 * reason 100, passwords 15…) keep their own limit and message.
 */

/** An id a client sends (user, role, sub-user, country, state, interest, attempt). */
export const ID_MAX = 64;
/** A secret a link carries (an invitation token). */
export const TOKEN_MAX = 512;
/** A push registration: a Web Push subscription (JSON) or a mobile push token. */
export const DEVICE_TOKEN_MAX = 4096;
/** A short label a client picks from a few values (deviceType 'web' / 'android' / 'ios', login platform). */
export const LABEL_MAX = 32;
/** A Google ID token (a signed JWT, usually 1-2 KB). */
export const GOOGLE_CREDENTIAL_MAX = 4096;
/** Free text without a limit of its own in the specification. */
export const FREE_TEXT_MAX = 500;
/** A search term. */
export const SEARCH_MAX = 100;
/** A place name or id (country, state, city): the longest known city name has 59 characters. */
export const PLACE_MAX = 100;
/** An image URL (profile image). */
export const IMAGE_URL_MAX = 500;
/** A short text field whose own rule, checked after, is stricter (a name: 40): the raw field's cap. */
export const TEXT_FIELD_MAX = 100;
/** The raw e-mail / phone field before it is trimmed and read (the rule itself allows 60). */
export const IDENTIFIER_FIELD_MAX = 100;
/** A phone country code as typed ('+91'; the rule allows 3 digits). */
export const PHONE_CODE_FIELD_MAX = 8;
/** The items of a list a client sends (permission entries, selected interests). */
export const LIST_MAX = 100;

/** The message of a field over its limit: '<Field label> is too long'. */
export const tooLong = (label: string): string => `${label} is too long`;
