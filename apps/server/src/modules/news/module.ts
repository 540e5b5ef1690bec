import { requireAdmin } from '../../http/auth';
import type { TModule } from '../../module-types';
import { createNewsRepository } from './repository';
import { newsAdminRoutes, newsPublicRoutes } from './routes';
import { createNewsService, type TNewsService } from './service';

declare module '../../module-types' {
  interface TServices {
    news: TNewsService;
  }
}

/** The news room: its public calls (cached until an article changes) and the console's news calls. */
export const newsModule: TModule = {
  name: 'news',
  services: ({ db, changes, clock, storage, unitOfWork, services }) => ({
    news: createNewsService({
      repo: createNewsRepository(db, changes),
      clock,
      changes,
      storage,
      unitOfWork,
      audit: services.audit,
    }),
  }),
  routes: ({ services }) => [newsPublicRoutes(services.news), newsAdminRoutes(services.news, requireAdmin)],
};
