import { ownUploadPrefix } from '@virality/domain';
import type { TModule } from '../../module-types';
import { mediaFetcher } from '../public-api/fetch-media';
import { createBulkImportRepository } from './repository';
import { bulkImportRoutes } from './routes';
import { createBulkImportService, type TBulkImportService } from './service';

declare module '../../module-types' {
  interface TServices {
    bulkImport: TBulkImportService;
  }
}

/**
 * Bulk scheduling from a CSV file: the app's calls here; the public API's POST /api/v1/posts/bulk (v1-routes.ts) is
 * registered inside the public API's plugin, so its key check and problem details apply.
 */
export const bulkImportModule: TModule = {
  name: 'bulk-import',
  services: ({ db, unitOfWork, clock, services, config }) => ({
    bulkImport: createBulkImportService({
      repo: createBulkImportRepository(db),
      unitOfWork,
      clock,
      posts: services.posts,
      social: services.socialAccounts,
      media: services.media,
      fetchMedia: mediaFetcher({ loopbackHttp: config.sandbox }),
      ownPrefix: ownUploadPrefix(config.publicUrl),
    }),
  }),
  routes: ({ services, clock }) => [bulkImportRoutes(services.bulkImport, clock)],
};
