import { z } from 'zod';
import { GENDERS } from '../enums';
import { MSG } from '../messages';
import { isEmail } from './identifier';
import { ID_MAX, PHONE_CODE_FIELD_MAX, tooLong } from './limits';
import { zBackgroundColor, zProfileImageField } from './media';
import { DATE_FIELD_MAX, DATE_OF_BIRTH_MIN, USERNAME_MAX } from './profile';

export const TEAM_PAGE_SIZE = 10;
/** The sub-user search box takes up to 60 characters (an e-mail's limit), as the web's field does. */
export const TEAM_SEARCH_MAX = 60;
export const SUB_USER_MOBILE_LENGTH = 10;
export const TEAM_MSG = {
  planRequired: 'Subscribe to a plan to build your team',
  businessPlanRequired:
    'Your business has no active plan, so drafts cannot be sent for approval. Please ask the business owner to choose a plan',
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 3 characters',
  emailRequired: 'Email is required',
  emailInvalidCreate: 'Invalid email address',
  emailInvalidUpdate: 'Email is not valid',
  mobile: 'Mobile number must be 10 digits',
  dobFuture: 'Date of Birth cannot be in the future',
  genderRequired: 'Gender is required',
  roleRequired: 'Please select a role',
  userNameRequired: 'Please enter your Username',
  userNameMax: 'Username must be at most 20 characters',
  userNameSpaces: 'Username cannot contain spaces',
  roleNameRequired: 'Role Name is required',
  roleDescRequired: 'Role Description is required',
  roleAdded: 'Role Added Successfully!',
  roleUpdated: 'Role Updated Successfully!',
  roleNameTaken: 'A role with this name already exists',
  roleInactive: 'This role is inactive and cannot be assigned',
  roleNotFound: 'Role not found',
  roleInUse: (n: number) => `This role cannot be deleted: ${n} sub-user${n === 1 ? ' holds' : 's hold'} it`,
  roleDeleted: 'Role deleted successfully',
  roleActivated: 'Role activated successfully',
  roleDeactivated: 'Role deactivated successfully',
  permissionsAssigned: 'Permissions assigned successfully',
  subUserAdded: 'Sub-user added successfully',
  userUpdated: 'User updated successfully',
  userDeleted: 'User Deleted successfully',
  userActivated: 'User activated successfully',
  userDeactivated: 'User deactivated successfully',
  userNotSelected: 'No user selected for deletion.',
  userNotAvailable: 'User data is not available.',
  noUsers: 'No users found',
  subUserNotFound: 'Sub-user not found',
  inviteInvalid: 'This invitation link is invalid or has expired',
  inviteAccepted: 'Your password is set. You can log in now',
  /** A team call failed and the server gave no message of its own. */
  unknownError: 'An unknown error occurred.',
  /** The sub-user status toggle failed and the server gave no message of its own. */
  userStatusFailed: 'Failed to update user status',
} as const;

/** Invitation links are valid for 7 days. */
export const INVITE_TTL_DAYS = 7;

const zName = z
  .string({ error: TEAM_MSG.nameRequired })
  .trim()
  .min(1, TEAM_MSG.nameRequired)
  .min(3, TEAM_MSG.nameMin)
  .max(40, MSG.nameMax);
const zTeamUserName = z
  .string({ error: TEAM_MSG.userNameRequired })
  .min(1, TEAM_MSG.userNameRequired)
  .max(USERNAME_MAX, TEAM_MSG.userNameMax)
  .refine((v) => !/\s/.test(v), TEAM_MSG.userNameSpaces);
const zEmailWith = (message: string) =>
  z
    .string({ error: TEAM_MSG.emailRequired })
    .trim()
    .min(1, TEAM_MSG.emailRequired)
    .max(60, message)
    .refine((v) => isEmail(v), message)
    .transform((v) => v.toLowerCase());

/** yyyy-MM-dd naming a day that exists (not 1995-02-30). */
const isCalendarDate = (v: string): boolean => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** The sub-user form; `today` is yyyy-MM-dd. */
export function subUserSchema(mode: 'create' | 'update', today: string) {
  return z.object({
    name: zName,
    userName: zTeamUserName,
    email: zEmailWith(mode === 'create' ? TEAM_MSG.emailInvalidCreate : TEAM_MSG.emailInvalidUpdate),
    mobileNumber: z
      .string({ error: TEAM_MSG.mobile })
      .max(SUB_USER_MOBILE_LENGTH, { error: TEAM_MSG.mobile, abort: true })
      .regex(/^\d{10}$/, TEAM_MSG.mobile),
    phoneCode: z
      .string()
      .max(PHONE_CODE_FIELD_MAX, { error: MSG.phoneCodeRequired, abort: true })
      .regex(/^\+?\d{1,3}$/, MSG.phoneCodeRequired)
      .optional()
      .nullable(),
    dateOfBirth: z
      .string({ error: MSG.dobInvalid })
      .max(DATE_FIELD_MAX, { error: MSG.dobInvalid, abort: true })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.dobInvalid, abort: true })
      .refine(isCalendarDate, { error: MSG.dobInvalid, abort: true })
      .refine((v) => v >= DATE_OF_BIRTH_MIN, { error: MSG.dobInvalid, abort: true })
      .refine((v) => v <= today, TEAM_MSG.dobFuture),
    gender: z.enum(GENDERS, { error: TEAM_MSG.genderRequired }),
    roleId: z.string({ error: TEAM_MSG.roleRequired }).min(1, TEAM_MSG.roleRequired).max(ID_MAX, tooLong('roleId')),
    /** An https:// address or one of our own uploads: the service checks it with imageUrlIssue. */
    profileImage: zProfileImageField,
    backgroundColor: zBackgroundColor,
  });
}
export type TSubUserInput = z.infer<ReturnType<typeof subUserSchema>>;

/** The role form: both fields required. */
export const zRoleForm = z.object({
  roleName: z
    .string({ error: TEAM_MSG.roleNameRequired })
    .trim()
    .min(1, TEAM_MSG.roleNameRequired)
    .max(50, 'Role Name must be at most 50 characters'),
  roleDesc: z
    .string({ error: TEAM_MSG.roleDescRequired })
    .trim()
    .min(1, TEAM_MSG.roleDescRequired)
    .max(250, 'Role Description must be at most 250 characters'),
});
