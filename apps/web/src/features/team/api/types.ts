export type { TPagination, TRole, TSubUserRecord } from '@virality/domain';

/** Query keys of the team feature, so mutations can refresh the lists they change. */
export const teamKeys = {
  all: ['team'] as const,
  roles: (page: number) => ['team', 'roles', page] as const,
  rolesAll: ['team', 'roles'] as const,
  activeRoles: ['team', 'active-roles'] as const,
  permission: (roleId: string) => ['team', 'permission', roleId] as const,
  subUsers: (businessId: string, page: number, search: string) => ['team', 'sub-users', businessId, page, search] as const,
  subUsersAll: ['team', 'sub-users'] as const,
  access: (userId: string) => ['team', 'access', userId] as const,
};
