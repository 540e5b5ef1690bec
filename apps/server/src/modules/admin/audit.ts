import type { Clock } from '../../clock';
import { newId } from '../../lib/ids';
import type { TAuditRepository } from './audit-repository';

/** What an audit row may keep of a record: plain values, never a secret (see SECRET_KEYS). */
export type TAuditValue = Record<string, unknown> | null;

/** Fields never copied into the audit log, at any depth: passwords, tokens, keys, codes. */
const SECRET_KEY = /password|secret|token|hash|apikey|api_key|credential|otp|code_hash/i;

/** A copy of `value` without its secrets (by key name, at any depth), dates as ISO strings. */
export function withoutSecrets(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEY.test(k) || v === undefined) continue;
      out[k] = withoutSecrets(v);
    }
    return out;
  }
  return value;
}

export type TAuditRecord = {
  /** The admin who made the change (null only for the command line, which has no session). */
  actorId: string | null;
  /** What was done, as `<thing>.<verb>`: 'user.deactivate', 'admin.invite', 'plan.update'… */
  action: string;
  /** The kind of record changed: 'user', 'plan', 'coupon', 'news'… */
  targetType: string;
  targetId: string | null;
  before?: TAuditValue;
  after?: TAuditValue;
};

/**
 * The admins' audit log. `record` writes one row through the shared database: called inside a unit of work,
 * the row commits (or fails) together with the write it describes. Secrets are dropped by key name.
 */
export function createAuditService(deps: { repo: TAuditRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async record(r: TAuditRecord): Promise<void> {
      await repo.insert({
        id: newId(),
        actorId: r.actorId,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.before ? withoutSecrets(r.before) : null,
        after: r.after ? withoutSecrets(r.after) : null,
        at: clock.now(),
      });
    },
    /** The newest rows first; `before` is the id of the last row of the previous page. */
    async page(limit: number, beforeId: string | null) {
      const anchor = beforeId ? await repo.find(beforeId) : null;
      return repo.page(limit, anchor ? { at: anchor.at, id: anchor.id } : null);
    },
  };
}
export type TAuditService = ReturnType<typeof createAuditService>;
