import { type TCreateBrandBody, zCreateBrandBody } from '@virality/domain';

/** Digits, with or without a leading '+': the contact field holds a mobile, and its country code is asked for. */
export const isMobileEntry = (value: string) => /^\+?\d+$/.test(value.trim());

/**
 * The create-brand body of the form's fields: an e-mail goes as `email`; digits go as `mobileNumber` with the
 * country code (as sign-up sends a mobile).
 */
export function brandBody(name: string, contact: string, phoneCode: string): TCreateBrandBody {
  const value = contact.trim();
  return isMobileEntry(value)
    ? { name, mobileNumber: value, phoneCode: phoneCode.trim() || null }
    : { name, email: value || null };
}

/** The form's messages by field, from the shared create-brand rules (the server checks the same). */
export function brandFormErrors(body: TCreateBrandBody): { name?: string; contact?: string } {
  const r = zCreateBrandBody.safeParse(body);
  if (r.success) return {};
  const out: { name?: string; contact?: string } = {};
  for (const issue of r.error.issues) {
    const key = issue.path[0] === 'name' ? 'name' : 'contact';
    out[key] ??= issue.message;
  }
  return out;
}
