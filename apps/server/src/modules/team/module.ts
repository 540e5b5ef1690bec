import type { TModule } from '../../module-types';
import { createTeamRepository } from './repository';
import { teamRoutes } from './routes';
import { createTeamService, type TTeamService } from './service';

declare module '../../module-types' {
  interface TServices {
    team: TTeamService;
  }
}

/** A business's team: invitations, sub-users and their permissions. */
export const teamModule: TModule = {
  name: 'team',
  services({ db, changes, unitOfWork, messenger, clock, config, services }) {
    const team = createTeamService({
      repo: createTeamRepository(db, changes),
      users: services.users,
      auth: services.auth,
      plans: services.subscriptions,
      messenger,
      clock,
      publicUrl: config.publicUrl,
      unitOfWork,
    });
    // an account's answer carries its team membership, and a member's seat is claimed through the team
    services.users.extendDto((row) => team.memberInfo(row));
    services.auth.useMemberGate((row) => team.mayClaimSeat(row));
    return { team };
  },
  routes: ({ services }) => [teamRoutes(services.team)],
};
