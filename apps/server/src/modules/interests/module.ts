import type { TModule } from '../../module-types';
import { createInterestsRepository } from './repository';
import { interestsRoutes } from './routes';
import { createInterestsService, type TInterestsService } from './service';

declare module '../../module-types' {
  interface TServices {
    interests: TInterestsService;
  }
}

/** The interests a profile picks from (the list is written on start when missing). */
export const interestsModule: TModule = {
  name: 'interests',
  async services({ db }) {
    const interests = createInterestsService(createInterestsRepository(db));
    await interests.seed();
    return { interests };
  },
  routes: ({ services }) => [interestsRoutes(services.interests)],
};
