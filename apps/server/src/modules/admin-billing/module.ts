import type { TModule } from '../../module-types';
import { adminBillingRoutes } from './routes';
import { createAdminBillingService, type TAdminBillingService } from './service';

declare module '../../module-types' {
  interface TServices {
    adminBilling: TAdminBillingService;
  }
}

/**
 * The console's plans, prices and coupons. Its own module after the admin one (it records into the audit log);
 * it keeps no tables: plans and prices are the plans module's, Stripe is the payments module's gateway.
 */
export const adminBillingModule: TModule = {
  name: 'admin-billing',
  services: ({ services, clock, unitOfWork, log }) => ({
    adminBilling: createAdminBillingService({
      plans: services.plans,
      payments: services.payments,
      audit: services.audit,
      clock,
      unitOfWork,
      log,
    }),
  }),
  routes: ({ services }) => [adminBillingRoutes(services.adminBilling)],
};
