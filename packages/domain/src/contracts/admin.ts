import { z } from 'zod';
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

/** The console's calls, by `METHOD path`. */
export const ADMIN_RESPONSES = {
  'GET /admin/me': zAdminMe,
  'GET /admin/audit': zAuditPage,
} as const satisfies Record<string, z.ZodType>;
