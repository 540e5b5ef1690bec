import type { TModule } from '../../module-types';
import { readFiguresJob } from './jobs';
import { createAnalyticsRepository } from './repository';
import { analyticsSphRoutes, bestTimesRoutes } from './routes';
import { createAnalyticsService, type TAnalyticsService } from './service';

declare module '../../module-types' {
  interface TServices {
    analytics: TAnalyticsService;
  }
}

/** Figures read from the networks: a job keeps accounts' and posts' figures; the calls answer what it kept. */
export const analyticsModule: TModule = {
  name: 'analytics',
  services: ({ db, clock, log, services }) => {
    const analytics = createAnalyticsService({
      repo: createAnalyticsRepository(db),
      posts: services.posts,
      social: services.socialAccounts,
      team: services.team,
      queue: services.queue,
      clock,
      log,
    });
    // a post as clients read it carries its likes and comments as the job read them
    services.posts.useFigures((targetIds) => analytics.keptFigures(targetIds));
    // a campaign's report shows its posts' figures
    services.campaigns.useFigures((targetIds) => analytics.figuresOf(targetIds));
    return { analytics };
  },
  routes: ({ services }) => [bestTimesRoutes(services.analytics)],
  sphRoutes: ({ services }) => [analyticsSphRoutes(services.analytics)],
  jobs: ({ services, log }) => [readFiguresJob({ analytics: services.analytics, log })],
};
