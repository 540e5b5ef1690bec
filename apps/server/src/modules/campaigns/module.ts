import type { TModule } from '../../module-types';
import { createCampaignsRepository } from './repository';
import { campaignsRoutes } from './routes';
import { createCampaignsService, type TCampaignsService } from './service';

declare module '../../module-types' {
  interface TServices {
    campaigns: TCampaignsService;
  }
}

/**
 * Campaigns: IMCs and brands run them and tag influencers, who accept or decline. The money and posts modules,
 * built later, register what was paid and posted for one (campaigns.usePayments / usePosts).
 */
export const campaignsModule: TModule = {
  name: 'campaigns',
  services({ db, unitOfWork, clock, services }) {
    const campaigns = createCampaignsService({
      repo: createCampaignsRepository(db),
      notifications: services.notifications,
      webhooks: services.webhooks,
      unitOfWork,
      clock,
    });
    return { campaigns };
  },
  routes: ({ services }) => [campaignsRoutes(services.campaigns)],
};
