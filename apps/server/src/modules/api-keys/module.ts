import type { TModule } from '../../module-types';
import { createApiKeysRepository } from './repository';
import { apiKeysRoutes } from './routes';
import { createApiKeysService, type TApiKeysService } from './service';

declare module '../../module-types' {
  interface TServices {
    apiKeys: TApiKeysService;
  }
}

/** The public API's keys: made and revoked by an organization's owner, each acting for it within its scope. */
export const apiKeysModule: TModule = {
  name: 'api-keys',
  services: ({ db, unitOfWork, services, clock }) => ({
    apiKeys: createApiKeysService({ repo: createApiKeysRepository(db), unitOfWork, users: services.users, clock }),
  }),
  routes: ({ services }) => [apiKeysRoutes(services.apiKeys)],
};
