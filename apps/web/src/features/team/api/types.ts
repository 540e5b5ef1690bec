import type { TPermissionEntry } from '@virality/domain';

/** A role as the role calls return it. */
export type TRole = { _id: string; roleName: string; roleDesc: string; status: boolean };

/** A sub-user list record: the user under subUserId, the role under roleId. */
export type TSubUserRecord = {
  _id: string;
  subUserId: {
    _id: string;
    name: string | null;
    userName: string | null;
    email: string | null;
    mobileNumber: string | null;
    phoneCode: string | null;
    dateOfBirth: string | null;
    gender: string | null;
    profileImage: string | null;
    backgroundColor: string | null;
    userStatus: boolean;
  };
  roleId: { _id: string; roleName: string | null } | null;
};

export type TPagination = { totalPages: number; page: number; total: number };

export type TPermissionData = { data: { permission: TPermissionEntry[]; roleId?: string; roleName?: string } };

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
