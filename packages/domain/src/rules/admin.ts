import { z } from 'zod';
import { zEmail } from './identifier';
import { ID_MAX, IDENTIFIER_FIELD_MAX, SEARCH_MAX, TEXT_FIELD_MAX, tooLong } from './limits';

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
