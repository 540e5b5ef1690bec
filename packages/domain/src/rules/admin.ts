import { z } from 'zod';
import { MSG } from '../messages';
import { isEmail, parseIdentifier, type TIdentifier, zEmail } from './identifier';
import { ID_MAX, IDENTIFIER_FIELD_MAX, PHONE_CODE_FIELD_MAX, SEARCH_MAX, TEXT_FIELD_MAX, tooLong } from './limits';
import { zBusinessName } from './profile';

/** What the console's calls answer and refuse with. */
export const ADMIN_MSG = {
  adminInvited: 'Invitation sent',
  accountExists: 'An account with this e-mail already exists',
  emailRequired: 'Enter an e-mail address',
  deactivated: 'Account deactivated: its sessions have ended',
  reactivated: 'Account reactivated',
  alreadyInactive: 'This account is already deactivated',
  alreadyActive: 'This account is already active',
  closed: 'This account was closed by its owner and cannot be changed',
  accountNotFound: 'Account not found',
  emailUnavailable: 'E-mail cannot be sent right now, so no invitation was made',
  smsUnavailable: 'Text messages cannot be sent right now, so no invitation was made',
  brandNameRequired: "Enter the brand's name",
  brandCreated: 'Brand created: the invitation to set its password is sent',
  brandExists: 'An account with this e-mail or mobile already exists',
  brandContactRequired: "Enter the brand's e-mail or mobile",
  brandContactBoth: 'Enter an e-mail or a mobile, not both',
  brandNotFound: 'Brand not found',
  brandInvitationSent: 'A new invitation is sent',
  brandPasswordSet: 'This brand has set its password already: it logs in with it',
  brandInactive: 'This brand is deactivated: reactivate it before inviting it again',
  adminDeactivated: 'Admin deactivated: their sessions have ended',
  adminReactivated: 'Admin reactivated',
  adminNotFound: 'Admin not found',
  adminSelf: 'You cannot deactivate yourself: another admin has to',
  lastAdmin: 'The last active admin cannot be deactivated',
} as const;

/** How many accounts a page of the console's Users section holds. */
export const ADMIN_USERS_PAGE_SIZE = 20;

/** POST admin/admins: the new admin's e-mail (the invitation goes there) and, optionally, a name. */
export const zInviteAdminBody = z.object({
  email: z
    .string({ error: ADMIN_MSG.emailRequired })
    .min(1, ADMIN_MSG.emailRequired)
    .max(IDENTIFIER_FIELD_MAX, tooLong('Email'))
    .pipe(zEmail),
  name: z.string().trim().max(TEXT_FIELD_MAX, tooLong('Name')).optional().nullable(),
});
export type TInviteAdminBody = z.input<typeof zInviteAdminBody>;

/** GET admin/users?q=&page=: a search by e-mail, phone or name (any part of it), a page at a time. */
export const zAdminUsersQuery = z.object({
  q: z.string().trim().max(SEARCH_MAX, tooLong('Search')).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** PUT admin/users/status: deactivate (active false) or reactivate an account. */
export const zAdminUserStatusBody = z.object({
  userId: z.string().trim().min(1, ADMIN_MSG.accountNotFound).max(ID_MAX, ADMIN_MSG.accountNotFound),
  active: z.boolean({ error: 'Say whether the account is active' }),
});

/** How many brands a page of the console's Brands section holds. */
export const ADMIN_BRANDS_PAGE_SIZE = 20;

/**
 * POST admin/brands: a BRANDS account by name and one way to reach it, an e-mail or a mobile with its country code
 * (as sign-up takes them). The invitation to set the password goes there.
 */
export const zCreateBrandBody = z
  .object({
    name: z
      .string({ error: ADMIN_MSG.brandNameRequired })
      .max(TEXT_FIELD_MAX, MSG.businessNameInvalid)
      .trim()
      .min(1, ADMIN_MSG.brandNameRequired)
      .pipe(zBusinessName),
    email: z.string().max(IDENTIFIER_FIELD_MAX, MSG.emailInvalid).optional().nullable(),
    mobileNumber: z.string().max(IDENTIFIER_FIELD_MAX, MSG.identifierInvalid).optional().nullable(),
    phoneCode: z.string().max(PHONE_CODE_FIELD_MAX, MSG.phoneCodeRequired).optional().nullable(),
  })
  .superRefine((b, ctx) => {
    const r = brandContact(b);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message, path: [r.field] });
  });
export type TCreateBrandBody = z.input<typeof zCreateBrandBody>;

/**
 * The brand's e-mail or mobile read from a create-brand body: exactly one of them, an e-mail in `email` and digits
 * (with the country code) in `mobileNumber`. Answers the identifier, or the message and the field it belongs to.
 */
export function brandContact(b: {
  email?: string | null;
  mobileNumber?: string | null;
  phoneCode?: string | null;
}): { ok: true; value: TIdentifier } | { ok: false; message: string; field: 'email' | 'mobileNumber' } {
  const email = b.email?.trim() ?? '';
  const mobile = b.mobileNumber?.trim() ?? '';
  if (email && mobile) return { ok: false, message: ADMIN_MSG.brandContactBoth, field: 'email' };
  if (!email && !mobile) return { ok: false, message: ADMIN_MSG.brandContactRequired, field: 'email' };
  if (email) {
    if (!isEmail(email)) return { ok: false, message: MSG.emailInvalid, field: 'email' };
    const r = parseIdentifier(email);
    return r.ok ? r : { ok: false, message: MSG.emailInvalid, field: 'email' };
  }
  if (!/^\+?\d+$/.test(mobile)) return { ok: false, message: MSG.identifierInvalid, field: 'mobileNumber' };
  const r = parseIdentifier(mobile, b.phoneCode);
  return r.ok ? r : { ok: false, message: r.message, field: 'mobileNumber' };
}

/** GET admin/brands?q=&page=: the brands, newest first, matching a search by name, e-mail or phone. */
export const zAdminBrandsQuery = zAdminUsersQuery;

/** POST admin/brands/:id/invitation: the brand whose invitation is sent again. */
export const zAdminBrandParams = z.object({
  id: z.string().trim().min(1, ADMIN_MSG.brandNotFound).max(ID_MAX, ADMIN_MSG.brandNotFound),
});

/** PUT admin/admins/status: deactivate (active false) or reactivate another admin. */
export const zAdminAdminStatusBody = z.object({
  userId: z.string().trim().min(1, ADMIN_MSG.adminNotFound).max(ID_MAX, ADMIN_MSG.adminNotFound),
  active: z.boolean({ error: 'Say whether the admin is active' }),
});
