import type { TModule } from '../../module-types';
import { createAccountsRepository } from './accounts-repository';
import { createAuditService, type TAuditService } from './audit';
import { createAuditRepository } from './audit-repository';
import { createBrandsService, type TBrandsService } from './brands';
import { adminBrandsRoutes } from './brands-routes';
import { adminRoutes } from './routes';
import { createAdminService, type TAdminService } from './service';

declare module '../../module-types' {
  interface TServices {
    /** The admins' audit log: `audit.record({...})` inside the unit of work of the write it describes. */
    audit: TAuditService;
    /** The console's accounts: admins and every other account. */
    admin: TAdminService;
    /** The console's brands: made by an admin, invited to set their password. */
    adminBrands: TBrandsService;
  }
}

/**
 * The admin console's server side: the audit log every admin write records into. Admin calls live under
 * /api/admin/... and are guarded by `requireAdmin` (http/auth.ts).
 */
export const adminModule: TModule = {
  name: 'admin',
  services: ({ db, clock, services, messenger, unitOfWork }) => {
    const audit = createAuditService({ repo: createAuditRepository(db), clock });
    const accounts = createAccountsRepository(db);
    const admin = createAdminService({
      accounts,
      users: services.users,
      auth: services.auth,
      team: services.team,
      audit,
      messenger,
      unitOfWork,
      clock,
    });
    const adminBrands = createBrandsService({
      accounts,
      users: services.users,
      team: services.team,
      audit,
      messenger,
      unitOfWork,
    });
    return { audit, admin, adminBrands };
  },
  routes: ({ services }) => [adminRoutes(services.audit, services.admin), adminBrandsRoutes(services.adminBrands)],
};
