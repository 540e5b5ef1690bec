import { AUDIT_PAGE_SIZE, type TAuditEntry, zAuditQuery } from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAdmin } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TAuditService } from './audit';
import type { TAuditEntry as TAuditEntryRow } from './audit-repository';

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

/** The console's own calls: who is signed in, the audit log. */
export const adminRoutes =
  (audit: TAuditService): FastifyPluginAsyncZod =>
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
  };
