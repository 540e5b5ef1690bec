import { z } from 'zod';
import { MSG } from '../messages';
import { IMAGE_URL_MAX, tooLong } from './limits';

/** #rgb, #rrggbb or #rrggbbaa, any case. */
const HEX_COLOR_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** What no image URL we accept carries: white space, quotes, angle brackets, backslash, backtick, control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const UNSAFE_URL_CHAR_RE = /[\s"'<>\\`\u0000-\u001f\u007f]/;

export const PROFILE_IMAGE_TOO_LONG = tooLong('Profile image');

/** The URL prefix of this server's own uploads: `${publicUrl}/uploads/`, as a browser spells it. */
export function ownUploadPrefix(publicUrl: string): string {
  return new URL('uploads/', `${publicUrl.replace(/\/+$/, '')}/`).href;
}

/**
 * An image URL a client sends (profile image, sub-user photo): accepted when it is an https:// address,
 * or a file under this server's own upload prefix (`ownPrefix`, see ownUploadPrefix; local storage
 * serves uploads over the server's own, possibly http, address). Empty means no image. Refuses
 * javascript:, data:, http: to any other host, protocol-relative //host and anything that is not a URL.
 * Returns the message, or null when accepted.
 */
export function imageUrlIssue(url: string | null | undefined, ownPrefix: string | null = null): string | null {
  if (!url) return null;
  if (url.length > IMAGE_URL_MAX) return PROFILE_IMAGE_TOO_LONG;
  if (UNSAFE_URL_CHAR_RE.test(url)) return MSG.profileImageNotHttps;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return MSG.profileImageNotHttps;
  }
  if (parsed.username || parsed.password) return MSG.profileImageNotHttps;
  // our own upload: the text and the URL it resolves to (no ../ out of the folder) both lie under the prefix
  if (ownPrefix && url.startsWith(ownPrefix) && parsed.href.startsWith(ownPrefix) && parsed.href.length > ownPrefix.length) {
    return null;
  }
  if (!/^https:\/\//i.test(url) || parsed.protocol !== 'https:' || !parsed.hostname) return MSG.profileImageNotHttps;
  return null;
}

/** True for a background colour: #rgb, #rrggbb or #rrggbbaa (any case); empty means none. */
export const isBackgroundColor = (value: string): boolean => value === '' || HEX_COLOR_RE.test(value);

/** The optional background colour of a profile or a sub-user (nothing that could carry markup or CSS). */
export const zBackgroundColor = z
  .string()
  .max(9, MSG.backgroundColorInvalid)
  .refine(isBackgroundColor, MSG.backgroundColorInvalid)
  .optional()
  .nullable();

/** The optional profile image URL as a request carries it; the https / own-upload rule is imageUrlIssue. */
export const zProfileImageField = z.string().max(IMAGE_URL_MAX, PROFILE_IMAGE_TOO_LONG).optional().nullable();
