import {
  ADMIN_MSG,
  AUDIT_PAGE_SIZE,
  type TAuditEntry,
  zAdminAdminStatusBody,
  zAdminUserStatusBody,
  zAdminUsersQuery,
  zAuditQuery,
  zInviteAdminBody,
} from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAdmin } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TAuditService } from './audit';
import type { TAuditEntry as TAuditEntryRow } from './audit-repository';
import type { TAdminService } from './service';

const security = [{ accessToken: [] }];
const tags = ['Admin console'];
/** Every console call: an ADMIN session, checked before the body or query is read (401, then 403). */
export const adminOnly = { onRequest: requireAdmin };

const asObject = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export const toAuditDto = (r: TAuditEntryRow): TAuditEntry => ({
  _id: r.id,
  actor: r.actorId ? { _id: r.actorId, email: r.actorEmail, name: r.actorName } : null,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  before: asObject(r.before),
  after: asObject(r.after),
  at: r.at.toISOString(),
});

/** The console's own calls: who is signed in, the audit log, the admins, the accounts. */
export const adminRoutes =
  (audit: TAuditService, admin: TAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/me',
      { ...adminOnly, schema: { response: replies('GET /admin/me'), tags, security, summary: 'The admin signed in' } },
      async (req) => {
        const { user } = authOf(req);
        return ok({ _id: user.id, email: user.email, name: user.name });
      },
    );
    app.get(
      '/admin/audit',
      {
        ...adminOnly,
        schema: {
          response: replies('GET /admin/audit'),
          tags,
          security,
          summary: 'The audit log, newest first',
          querystring: zAuditQuery,
        },
      },
      async (req) => {
        const rows = await audit.page(AUDIT_PAGE_SIZE + 1, req.query.before || null);
        const entries = rows.slice(0, AUDIT_PAGE_SIZE).map(toAuditDto);
        return ok({ entries, next: rows.length > AUDIT_PAGE_SIZE ? entries[entries.length - 1]._id : null });
      },
    );
    app.get(
      '/admin/admins',
      { ...adminOnly, schema: { response: replies('GET /admin/admins'), tags, security, summary: 'Every admin' } },
      async () => ok(await admin.listAdmins()),
    );
    app.post(
      '/admin/admins',
      {
        ...adminOnly,
        schema: {
          response: replies('POST /admin/admins'),
          tags,
          security,
          summary: 'Invite an admin by e-mail (a link to set the password)',
          body: zInviteAdminBody,
        },
      },
      async (req) => ok(await admin.inviteAdmin(authOf(req), req.body), ADMIN_MSG.adminInvited),
    );
    app.put(
      '/admin/admins/status',
      {
        ...adminOnly,
        schema: {
          response: replies('PUT /admin/admins/status'),
          tags,
          security,
          summary: 'Deactivate another admin (sessions end at once) or reactivate one; never yourself or the last',
          body: zAdminAdminStatusBody,
        },
      },
      async (req) =>
        ok(
          await admin.setAdminActive(authOf(req), req.body.userId, req.body.active),
          req.body.active ? ADMIN_MSG.adminReactivated : ADMIN_MSG.adminDeactivated,
        ),
    );
    app.get(
      '/admin/users',
      {
        ...adminOnly,
        schema: {
          response: replies('GET /admin/users'),
          tags,
          security,
          summary: 'Search accounts by e-mail, phone or name',
          querystring: zAdminUsersQuery,
        },
      },
      async (req) => ok(await admin.searchUsers(req.query.q, req.query.page)),
    );
    app.put(
      '/admin/users/status',
      {
        ...adminOnly,
        schema: {
          response: replies('PUT /admin/users/status'),
          tags,
          security,
          summary: 'Deactivate (sessions end at once) or reactivate an account',
          body: zAdminUserStatusBody,
        },
      },
      async (req) =>
        ok(
          await admin.setUserActive(authOf(req), req.body.userId, req.body.active),
          req.body.active ? ADMIN_MSG.reactivated : ADMIN_MSG.deactivated,
        ),
    );
  };
