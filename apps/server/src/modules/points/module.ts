import type { TModule } from '../../module-types';
import { levelsDailyJob } from './jobs';
import { createPointsRepository } from './repository';
import { pointsRoutes } from './routes';
import { createPointsService, type TPointsService } from './service';

declare module '../../module-types' {
  interface TServices {
    points: TPointsService;
  }
}

/** Points and levels: the point wallet's calls, the level each user holds, and the daily pass that drops run-out levels. */
export const pointsModule: TModule = {
  name: 'points',
  services({ db, changes, clock, services }) {
    const points = createPointsService({
      repo: createPointsRepository(db, changes),
      notifications: services.notifications,
      clock,
    });
    // every read of a user shows the level held now, never one that ran out
    services.users.extendDto(async (row) => ({ viralityLevel: await points.levelOf(row) }));
    return { points };
  },
  routes: ({ services }) => [pointsRoutes(services.points)],
  jobs: ({ services, log }) => [levelsDailyJob({ points: services.points, log })],
};
