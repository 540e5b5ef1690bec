import { createNetworkAdapters } from '../../integrations/networks';
import { loadTokenVault } from '../../lib/vault';
import type { TModule } from '../../module-types';
import { tokenRefreshJob } from './refresh-job';
import { createSocialRepository } from './repository';
import { socialMainRoutes, socialSphRoutes } from './routes';
import { createSocialAccountsService, type TSocialAccountsService } from './service';

declare module '../../module-types' {
  interface TServices {
    socialAccounts: TSocialAccountsService;
  }
}

/** Linked social accounts: each network's consent flow, sealed tokens kept fresh, and the accounts' list. */
export const socialAccountsModule: TModule = {
  name: 'socialAccounts',
  async services({ config, db, changes, clock, log, fetch, services }) {
    const socialAccounts = createSocialAccountsService({
      repo: createSocialRepository(db, changes),
      // the key that seals tokens: from TOKEN_KEYS, else one made on first start and kept in the settings
      vault: await loadTokenVault(config.tokenKeys, db),
      adapters: createNetworkAdapters(config, fetch, () => clock.now()),
      clock,
      team: services.team,
      notifications: services.notifications,
      log,
    });
    // every answer that carries an account carries its linked social accounts (socialLinks)
    services.users.extendDto(async (row) => ({ socialLinks: await socialAccounts.socialLinks({ userId: row.id, user: row }) }));
    return { socialAccounts };
  },
  routes: ({ services }) => [socialMainRoutes(services.socialAccounts)],
  sphRoutes: ({ services }) => [socialSphRoutes(services.socialAccounts)],
  jobs: ({ services, log }) => [tokenRefreshJob({ social: services.socialAccounts, log })],
};
