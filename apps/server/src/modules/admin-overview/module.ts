import type { TModule } from '../../module-types';
import { createAdminOverviewRepository } from './repository';
import { adminOverviewRoutes } from './routes';
import { createAdminOverviewService, type TAdminOverviewService } from './service';

declare module '../../module-types' {
  interface TServices {
    adminOverview: TAdminOverviewService;
  }
}

/**
 * The console's Overview: figures of the whole business, read (never written) from accounts, payments and post
 * targets by aggregate queries of its own repository. Guarded like every console call (admin/routes.ts adminOnly).
 */
export const adminOverviewModule: TModule = {
  name: 'admin-overview',
  services: ({ db, clock }) => ({
    adminOverview: createAdminOverviewService({ repo: createAdminOverviewRepository(db), clock }),
  }),
  routes: ({ services }) => [adminOverviewRoutes(services.adminOverview)],
};
