import { uploadSweepJob } from '../../jobs/upload-sweep';
import type { TModule } from '../../module-types';
import { createAccountDeletion } from './deletion';
import { deletionRoutes } from './deletion-routes';
import { createUsersRepository } from './repository';
import { usersRoutes } from './routes';
import { createUsersService, type TUsersService } from './service';

declare module '../../module-types' {
  interface TServices {
    users: TUsersService;
  }
}

/** Accounts and profiles; account deletion; the daily sweep of profile images nothing references. */
export const usersModule: TModule = {
  name: 'users',
  services: ({ db, changes, clock, storage, config, services }) => ({
    users: createUsersService({
      repo: createUsersRepository(db, changes),
      clock,
      subscriptions: services.subscriptions,
      location: services.location,
      interests: services.interests,
      storage,
      publicUrl: config.publicUrl,
    }),
  }),
  routes: ({ services, unitOfWork }) => [
    usersRoutes(services.users, services.notifications),
    // deletion closes the account's sessions and team too: built once every module's services exist
    deletionRoutes(
      createAccountDeletion({
        users: services.users,
        auth: services.auth,
        notifications: services.notifications,
        team: services.team,
        socialAccounts: services.socialAccounts,
        money: services.money,
        campaigns: services.campaigns,
        unitOfWork,
      }),
    ),
  ],
  jobs: ({ db, storage, log }) => [uploadSweepJob({ db, storage, log })],
};
