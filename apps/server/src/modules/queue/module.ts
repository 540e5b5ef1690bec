import type { TModule } from '../../module-types';
import { createQueueRepository } from './repository';
import { queueRoutes } from './routes';
import { createQueueService, type TQueueService } from './service';

declare module '../../module-types' {
  interface TServices {
    queue: TQueueService;
  }
}

/**
 * Posting queues: each linked account's weekly time slots. After the linked accounts (whose permissions it checks),
 * before the posts (which add posts to the queues and re-time them when schedules change).
 */
export const queueModule: TModule = {
  name: 'queue',
  services: ({ db, services, unitOfWork, clock }) => ({
    queue: createQueueService({ repo: createQueueRepository(db), social: services.socialAccounts, unitOfWork, clock }),
  }),
  routes: ({ services }) => [queueRoutes(services.queue)],
};
