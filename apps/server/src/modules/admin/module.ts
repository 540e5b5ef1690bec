import type { TModule } from '../../container';
import { createAuditService, type TAuditService } from './audit';
import { createAuditRepository } from './audit-repository';
import { adminRoutes } from './routes';

declare module '../../container' {
  interface TServices {
    /** The admins' audit log: `audit.record({...})` inside the unit of work of the write it describes. */
    audit: TAuditService;
  }
}

/**
 * The admin console's server side: the audit log every admin write records into. Admin calls live under
 * /api/admin/... and are guarded by `requireAdmin` (http/auth.ts).
 */
export const adminModule: TModule = {
  name: 'admin',
  services: ({ db, clock }) => ({ audit: createAuditService({ repo: createAuditRepository(db), clock }) }),
  routes: ({ services }) => [adminRoutes(services.audit)],
};
