import type { TModule } from '../../module-types';
import { bulkImportV1Routes } from '../bulk-import/v1-routes';
import { mediaFetcher } from './fetch-media';
import { createPublicApiRepository } from './repository';
import { publicApiRoutes } from './routes';
import { createPublicApiService, type TPublicApiService } from './service';

declare module '../../module-types' {
  interface TServices {
    publicApi: TPublicApiService;
  }
}

/** The public API (/api/v1) for integrators and AI agents: the app's services behind an API key, exactly once per POST. */
export const publicApiModule: TModule = {
  name: 'public-api',
  services: ({ db, unitOfWork, clock, services, config }) => ({
    publicApi: createPublicApiService({
      repo: createPublicApiRepository(db),
      unitOfWork,
      clock,
      posts: services.posts,
      social: services.socialAccounts,
      media: services.media,
      analytics: services.analytics,
      webhooks: services.webhooks,
      queue: services.queue,
      campaigns: services.campaigns,
      fetchMedia: mediaFetcher({ loopbackHttp: config.sandbox }),
    }),
  }),
  routes: ({ services }) => [
    publicApiRoutes(services.publicApi, services.apiKeys, services.media, services.webhooks, [
      bulkImportV1Routes(services.bulkImport),
    ]),
  ],
};
