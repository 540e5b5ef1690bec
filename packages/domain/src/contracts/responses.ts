import { z } from 'zod';
import { API_KEY_RESPONSES } from '../rules/api-keys';
import { BEST_TIMES_RESPONSES } from '../rules/best-times';
import { BULK_IMPORT_RESPONSES } from '../rules/bulk-import';
import { QUEUE_POST_RESPONSES, QUEUE_RESPONSES } from '../rules/queue';
import { SOCIAL_NETWORK_KEYS_TUPLE } from '../rules/social';
import { WEBHOOK_RESPONSES } from '../rules/webhooks';
import { zActivity, zActivityDeleted, zActivityPage } from './activity';
import { ADMIN_RESPONSES } from './admin';
import { ADMIN_BILLING_RESPONSES } from './admin-billing';
import { ADMIN_OVERVIEW_RESPONSES } from './admin-overview';
import { BILLING_RESPONSES } from './billing';
import { CAMPAIGN_RESPONSES } from './campaigns';
import { MONEY_RESPONSES } from './money';
import { NEWS_RESPONSES } from './news';
import { zNotificationSettings } from './notification-settings';
import { POINTS_RESPONSES } from './points';
import { zPostCount, zPostResult, zUploadedFile, zUploadedFiles, zWalletPoints } from './post';
import { zAuthResult, zSubscriptionDetails, zUser } from './user';

/**
 * What each call of the main API answers, inside its envelope `{status, message, response}`. The server
 * declares these as its routes' response schemas (what a route sends is encoded through them, so a field
 * that is not written here never leaves the server), and the web app takes its types from them.
 */

/** The envelope of a successful call. */
export const zOk = <T extends z.ZodType>(response: T) => z.object({ status: z.literal(true), message: z.string(), response });

/** A call that answers only with its message. */
export const zNothing = z.null();

// ── Accounts and sign-in ────────────────────────────────────────────────────────────────────────────

/** An OTP went out: to whom (as the server keys it) and how long until another may be asked for. */
export const zOtpSent = z.object({
  emailPhone: z.string(),
  resendAfterSeconds: z.number(),
  /** The sign-up attempt the code belongs to, when it belongs to one. */
  attemptId: z.string().optional(),
});
export type TOtpSent = z.infer<typeof zOtpSent>;

/** POST user/create_user: the account waiting for its code, and the attempt the code verifies. */
export const zSignUpResult = zOtpSent.extend({ userId: z.string(), attemptId: z.string() });
export type TSignUpResult = z.infer<typeof zSignUpResult>;

/** POST otp/verifyOtp, by the code's purpose; a registration code also logs the user in. */
export const zVerifyOtpResult = z.discriminatedUnion('purpose', [
  zAuthResult.extend({ purpose: z.literal('registration') }),
  z.object({ purpose: z.literal('reset'), resetToken: z.string() }),
  z.object({ purpose: z.literal('contact'), userData: zUser }),
]);
export type TVerifyOtpResult = z.infer<typeof zVerifyOtpResult>;

/** The logged-in user with the bell's count (GET user/getUserStatus). */
export const zUserStatus = z.object({ result: zUser.extend({ UnseenNotifsCount: z.number() }) });
export type TUserStatus = z.infer<typeof zUserStatus>;

/** A profile save: the user as saved, and the contacts that wait for their OTP before they are saved. */
export const zProfileSaved = z.object({
  result: zUser,
  pendingVerification: z.array(z.enum(['email', 'mobileNumber'])),
});
export type TProfileSaved = z.infer<typeof zProfileSaved>;

export const zAddressSaved = z.object({ result: zUser });

/** POST user/checkUserName: whether the name is taken, and up to four free names like it when it is. */
export const zUserNameCheck = z.object({ isExist: z.boolean(), genData: z.array(z.string()) });
export type TUserNameCheck = z.infer<typeof zUserNameCheck>;

/** GET user/addUserOnSphDatabase: the user's ids on the social-posting side. */
export const zSphIds = z.object({ userData: z.object({ orgId: z.string(), sphUserId: z.string() }) });
export type TSphIds = z.infer<typeof zSphIds>['userData'];

/** An uploaded photo's address. */
export const zUploadedImage = z.object({ profileImage: z.string() });

/** POST subscription/AddInfSubs: the free tier as it now stands. */
export const zFreeTier = z.object({ subscriptionDetails: zSubscriptionDetails.nullable() });

/** How many rows a removal removed. */
export const zRemoved = z.object({ removed: z.number() });

// ── Reference data ──────────────────────────────────────────────────────────────────────────────────

export const zInterest = z.object({ id: z.string(), value: z.string() });
export const zInterests = z.array(zInterest);

export const zCountry = z.object({ countryId: z.string(), countryName: z.string(), phoneCode: z.string() });
export type TCountry = z.infer<typeof zCountry>;
export const zCountries = z.array(zCountry);
export const zState = z.object({ stateId: z.string(), stateName: z.string() });
export type TState = z.infer<typeof zState>;
export const zStates = z.array(zState);
export const zCity = z.object({ cityName: z.string() });
export type TCity = z.infer<typeof zCity>;
export const zCities = z.array(zCity);

/** GET health: the server is up and reaches its database. */
export const zHealth = z.object({ database: z.enum(['pglite', 'postgres']), sandbox: z.boolean(), time: z.string() });

/** GET ready: each check of a process that may take traffic (a 503 names the first that fails, in words). */
export const zReadiness = z.object({
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['current', 'pending', 'unknown']),
  /** whether this process runs jobs, and whether its queue answers */
  jobs: z.enum(['running', 'stopped', 'not run here']),
});

/** GET config: what the web app needs to know of the server before anything else. */
export const zPublicConfig = z.object({
  sandbox: z.boolean(),
  googleClientId: z.string().nullable(),
  /** The networks whose accounts can be linked on this server (real or, in the sandbox, emulated). */
  socialNetworks: z.array(z.enum(SOCIAL_NETWORK_KEYS_TUPLE)),
  /** The server's VAPID public key (base64url): the applicationServerKey a browser subscribes to Web Push with. */
  webPushPublicKey: z.string(),
});
export type TPublicConfig = z.infer<typeof zPublicConfig>;

// ── Notifications and live updates ──────────────────────────────────────────────────────────────────

export const zUnseenCleared = z.object({ UnseenNotifsCount: z.literal(0) });
export const zClickCount = z.object({ count: z.number() });
/** POST events/ticket: opens the live stream within its minute. */
export const zEventsTicket = z.object({ ticket: z.string(), expiresAt: z.string() });
export type TEventsTicket = z.infer<typeof zEventsTicket>;

// ── Teams ───────────────────────────────────────────────────────────────────────────────────────────

export const zPermissionEntry = z.object({
  accountId: z.string(),
  accountType: z.string(),
  access: z.boolean(),
  moduleAccess: z.object({ Post: z.boolean(), Analytics: z.boolean(), Scheduler: z.boolean() }),
});

/** A role as the role calls return it. */
export const zRole = z.object({ _id: z.string(), roleName: z.string(), roleDesc: z.string(), status: z.boolean() });
export type TRole = z.infer<typeof zRole>;
export const zPagination = z.object({ totalPages: z.number(), page: z.number(), total: z.number() });
export type TPagination = z.infer<typeof zPagination>;
export const zRolesPage = zPagination.extend({ roles: z.array(zRole) });
export type TRolesPage = z.infer<typeof zRolesPage>;
export const zActiveRoles = z.object({ roles: z.array(zRole) });
export const zRoleSaved = z.object({ role: zRole });

/** GET permission/getPermission: a role's permission tree. */
export const zRolePermission = z.object({
  data: z.object({ permission: z.array(zPermissionEntry), roleId: z.string(), roleName: z.string() }),
});
export type TRolePermission = z.infer<typeof zRolePermission>['data'];
/** PUT permission/update and GET permission/veiw: a permission tree alone. */
export const zPermissionTree = z.object({ data: z.object({ permission: z.array(zPermissionEntry) }) });

/** A sub-user record: the user under subUserId, the role under roleId. */
export const zSubUserRecord = z.object({
  _id: z.string(),
  subUserId: z.object({
    _id: z.string(),
    name: z.string().nullable(),
    userName: z.string().nullable(),
    email: z.string().nullable(),
    mobileNumber: z.string().nullable(),
    phoneCode: z.string().nullable(),
    dateOfBirth: z.string().nullable(),
    gender: z.string().nullable(),
    profileImage: z.string().nullable(),
    backgroundColor: z.string().nullable(),
    userStatus: z.boolean(),
  }),
  roleId: z.object({ _id: z.string(), roleName: z.string().nullable() }).nullable(),
});
export type TSubUserRecord = z.infer<typeof zSubUserRecord>;
export const zSubUsersPage = z.object({ result: z.array(zSubUserRecord), pagination: zPagination });
export type TSubUsersPage = z.infer<typeof zSubUsersPage>;
export const zSubUserResult = z.object({ result: zSubUserRecord });

/** GET bussiness/invitation: whom an invitation is for, to greet them on the set-password page. */
export const zInvitation = z.object({ name: z.string().nullable(), email: z.string().nullable() });
export type TInvitation = z.infer<typeof zInvitation>;
/** POST bussiness/acceptInvitation: the e-mail to log in with. */
export const zInvitationAccepted = z.object({ emailPhone: z.string().nullable() });

/** A linked account as a profile's socialLinks list it. */
export const zSocialLink = z.object({
  id: z.string(),
  UserName: z.string(),
  ProfilePictureURL: z.string().nullable(),
  SocialMediaID: z.string(),
});
export type TSocialLink = z.infer<typeof zSocialLink>;
/** PUT user/addSocialAccount and user/removeSocialAccount: the profile's socialLinks, by network. */
export const zSocialLinks = z.object({ socialLinks: z.record(z.string(), z.array(zSocialLink)) });

/** Every call's answer, by `METHOD path` (the path under the main API's prefix). */
export const API_RESPONSES = {
  'POST /user/create_user': zSignUpResult,
  'POST /user/userLogin': zAuthResult,
  'POST /user/googleLogin': zAuthResult,
  'POST /otp/sendOtp': zOtpSent,
  'POST /otp/resetOtp': zOtpSent,
  'POST /otp/verifyOtp': zVerifyOtpResult,
  'PUT /user/resetPassword': zNothing,
  'POST /user/changePassword': zNothing,
  'POST /user/logout': zNothing,
  'GET /user/getUserStatus': zUserStatus,
  'GET /user/addUserOnSphDatabase': zSphIds,
  'PUT /user/updateUser': zProfileSaved,
  'PUT /user/updateProfile': zProfileSaved,
  'PUT /user/updateAddress': zAddressSaved,
  'POST /user/checkUserName': zUserNameCheck,
  'POST /user/uploadProfileImage': zUploadedImage,
  'POST /subscription/AddInfSubs': zFreeTier,
  'POST /admin/notification/removeFrSchNotifByUser': zRemoved,
  'POST /user/deleteUserDetails': zNothing,
  'GET /intrest/getAllIntrest': zInterests,
  'GET /location/getAllCountry/': zCountries,
  'GET /location/getAllCountry': zCountries,
  'GET /location/getAllState': zStates,
  'GET /location/getAllCity': zCities,
  'GET /health': zHealth,
  'GET /ready': zReadiness,
  'GET /config': zPublicConfig,
  'PUT /activity/markSeenActivity': zUnseenCleared,
  'GET /activity/getAllActivityById': zActivityPage,
  'POST /activity/getAllActivityById': zActivityPage,
  'PUT /activity/markReadActivity': zActivity,
  'DELETE /activity/deleteActivity': zActivityDeleted,
  'DELETE /activity/deleteAllActivity': zRemoved,
  'POST /admin/notification/ctrCount': zClickCount,
  'POST /notification/registerDeviceToken': zNothing,
  'GET /notification/removeToken': zRemoved,
  'DELETE /notification/removeToken': zRemoved,
  'GET /user/notificationSettings': zNotificationSettings,
  'PUT /user/notificationSettings': zNotificationSettings,
  'POST /events/ticket': zEventsTicket,
  'GET /roleManagement/getAllRoles': zRolesPage,
  'GET /roleManagement/activeRoles': zActiveRoles,
  'POST /roleManagement/create': zRoleSaved,
  'PUT /roleManagement/update': zRoleSaved,
  'PUT /roleManagement/activeInactive': zRoleSaved,
  'DELETE /roleManagement/delete': zNothing,
  'GET /permission/getPermission': zRolePermission,
  'PUT /permission/update': zPermissionTree,
  'GET /permission/veiw': zPermissionTree,
  'GET /bussiness/getAll': zSubUsersPage,
  'GET /bussiness/get': zSubUserResult,
  'POST /bussiness/add': zSubUserResult,
  'PUT /bussiness/update': zSubUserResult,
  'PUT /bussiness/activeInactive': zNothing,
  'DELETE /bussiness/delete': zNothing,
  'POST /bussiness/uploadImage': zUploadedImage,
  'GET /bussiness/invitation': zInvitation,
  'POST /bussiness/acceptInvitation': zInvitationAccepted,
  'PUT /user/addSocialAccount': zSocialLinks,
  'PUT /user/removeSocialAccount': zSocialLinks,
  'GET /subscription/postCountTrack': zPostCount,
  'POST /s3/uploadSingleFile': zUploadedFile,
  'POST /s3/multipleUploadVal': zUploadedFiles,
  'POST /wallet/updateWallet': zWalletPoints,
  'POST /activity/postInfom': zPostResult,
  'POST /activity/PostDraft': zPostResult,
  ...BILLING_RESPONSES,
  ...POINTS_RESPONSES,
  ...CAMPAIGN_RESPONSES,
  ...MONEY_RESPONSES,
  ...NEWS_RESPONSES,
  ...ADMIN_RESPONSES,
  ...ADMIN_BILLING_RESPONSES,
  ...ADMIN_OVERVIEW_RESPONSES,
  ...API_KEY_RESPONSES,
  ...WEBHOOK_RESPONSES,
  ...QUEUE_RESPONSES,
  ...QUEUE_POST_RESPONSES,
  ...BEST_TIMES_RESPONSES,
  ...BULK_IMPORT_RESPONSES,
} as const satisfies Record<string, z.ZodType>;
export type TApiCall = keyof typeof API_RESPONSES;
/** The `response` of a call, as the server sends it. */
export type TApiResponse<K extends TApiCall> = z.infer<(typeof API_RESPONSES)[K]>;
