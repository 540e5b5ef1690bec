import { z } from 'zod';
import { PROFILE_TYPES } from '../enums';
import { ID_MAX } from '../rules/limits';

/** The admin a console session belongs to (GET admin/me). */
export const zAdminMe = z.object({ _id: z.string(), email: z.string().nullable(), name: z.string().nullable() });
export type TAdminMe = z.infer<typeof zAdminMe>;

/** One row of the admins' audit log: who did what to which record, when, and the record before and after. */
export const zAuditEntry = z.object({
  _id: z.string(),
  actor: z.object({ _id: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type TAuditEntry = z.infer<typeof zAuditEntry>;

/** A page of the audit log, newest first; `next` is the cursor of the following page (null on the last). */
export const zAuditPage = z.object({ entries: z.array(zAuditEntry), next: z.string().nullable() });
export type TAuditPage = z.infer<typeof zAuditPage>;

/** How many audit rows a page holds. */
export const AUDIT_PAGE_SIZE = 50;

/** GET admin/audit?before=: the page after the row `before` names. */
export const zAuditQuery = z.object({ before: z.string().trim().max(ID_MAX).optional() });

/** An admin as the Admins section lists them: INVITED until the invitation's password is set. */
export const ADMIN_STATES = ['ACTIVE', 'INVITED', 'INACTIVE'] as const;
export const zAdminRow = z.object({
  _id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  state: z.enum(ADMIN_STATES),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminRow = z.infer<typeof zAdminRow>;

/** An account as the Users section shows it: who, how to reach them, type, plan, linked networks (names only). */
export const zAdminUserRow = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  userName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  profileType: z.enum(PROFILE_TYPES),
  plan: z.object({ planType: z.string(), planStatus: z.string(), planEndDate: z.string() }).nullable(),
  /** The networks the account's organization has linked, each once, by name ('instagram'); never a token. */
  networks: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
  active: z.boolean(),
  /** Closed by its owner: kept, but nothing about it changes any more. */
  closed: z.boolean(),
  createdAt: z.string(),
});
export type TAdminUserRow = z.infer<typeof zAdminUserRow>;
export const zAdminUsersPage = z.object({
  users: z.array(zAdminUserRow),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
});
export type TAdminUsersPage = z.infer<typeof zAdminUsersPage>;

/**
 * A brand as the Brands section lists it: who, how to reach it, whether it may log in (active), whether it has set
 * its password from the invitation yet, its plan, when it was made and when it last logged in.
 */
export const zAdminBrandRow = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  active: z.boolean(),
  /** False while the invitation is pending: the brand has not set its password yet. */
  passwordSet: z.boolean(),
  closed: z.boolean(),
  plan: z.object({ planType: z.string(), planStatus: z.string(), planEndDate: z.string() }).nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminBrandRow = z.infer<typeof zAdminBrandRow>;
export const zAdminBrandsPage = z.object({
  brands: z.array(zAdminBrandRow),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
});
export type TAdminBrandsPage = z.infer<typeof zAdminBrandsPage>;

/** The console's calls, by `METHOD path`. */
export const ADMIN_RESPONSES = {
  'GET /admin/me': zAdminMe,
  'GET /admin/audit': zAuditPage,
  'GET /admin/admins': z.object({ admins: z.array(zAdminRow) }),
  'POST /admin/admins': z.object({ admin: zAdminRow }),
  'GET /admin/users': zAdminUsersPage,
  'PUT /admin/users/status': z.object({ user: zAdminUserRow }),
  'PUT /admin/admins/status': z.object({ admin: zAdminRow }),
  'GET /admin/brands': zAdminBrandsPage,
  'POST /admin/brands': z.object({ brand: zAdminBrandRow }),
  'POST /admin/brands/:id/invitation': z.object({ brand: zAdminBrandRow }),
} as const satisfies Record<string, z.ZodType>;
