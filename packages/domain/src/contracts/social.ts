import { z } from 'zod';
import { LINK_ORIGINS, SOCIAL_ACCOUNT_KINDS, SOCIAL_ACCOUNT_STATUSES } from '../rules/social';

/** The social-posting API's envelope of a successful call. */
export const zSphOk = <T extends z.ZodType>(data: T) =>
  z.object({ response_code: z.literal(200), response_message: z.string(), response_data: data });

/** A linked social account as clients read it (the spec's fields, then ours). */
export const zSocialAccount = z.object({
  id: z.string(),
  UserName: z.string(),
  ProfilePictureURL: z.string().nullable(),
  SocialMediaID: z.string(),
  SocialMediaName: z.string(),
  /** A profile, page, channel or organization page. */
  Kind: z.enum(SOCIAL_ACCOUNT_KINDS),
  /** linked, or needs_reconnect when the network no longer accepts our access. */
  Status: z.enum(SOCIAL_ACCOUNT_STATUSES),
  /** Why it needs reconnecting, in plain words. */
  StatusReason: z.string().nullable(),
  CreatedDate: z.string(),
});
export type TSocialAccount = z.infer<typeof zSocialAccount>;

/** A login-url call: where to send the browser. */
export const zLoginUrl = z.object({ url: z.string() });

const zId = z.string().trim().max(64);

/** The query of a login-url call: where the flow started (so the return page can go back there). */
export const zLoginUrlQuery = z.object({ origin: z.enum(LINK_ORIGINS).optional() });

/**
 * An add-account call after the network's consent page: the code (or X's token and verifier) and the
 * `state` the return page read from the address. OrgID and UserID, when sent, must be the caller's own.
 */
export const zAddAccountBody = z.object({
  Code: z.string().trim().max(2048).optional(),
  code: z.string().trim().max(2048).optional(),
  State: z.string().trim().max(256).optional(),
  state: z.string().trim().max(256).optional(),
  OrgID: zId.optional(),
  UserID: zId.optional(),
  SocialMediaID: z.union([zId, z.number()]).optional(),
});
export type TAddAccountBody = z.infer<typeof zAddAccountBody>;

/** X's add-account call (OAuth 1.0a): the request token and verifier X sent back to the return page. */
export const zOAuth1AddAccountBody = z.object({
  oauth_token: z.string({ error: 'oauth_token is required' }).trim().min(1, 'oauth_token is required').max(256),
  oauth_verifier: z.string({ error: 'oauth_verifier is required' }).trim().min(1, 'oauth_verifier is required').max(256),
  OrgID: zId.optional(),
  UserID: zId.optional(),
  SocialMediaID: z.union([zId, z.number()]).optional(),
});

/** POST social_media_accounts/: the caller's linked accounts (a manager's: those its role opens). */
export const zSocialAccountsBody = z
  .object({ UserID: zId.optional(), OrgID: zId.optional(), SocialMediaID: z.union([zId, z.number()]).optional() })
  .nullish();

/** PUT user/addSocialAccount and user/removeSocialAccount. */
export const zSocialLinkBody = z.object({
  accountType: z.string().trim().min(1, 'accountType is required').max(32),
  accountID: zId.min(1, 'accountID is required'),
});

/** POST tiktok/user-privacy-options/. */
export const zPrivacyOptionsBody = z.object({ UserSocialMediaID: zId.min(1, 'UserSocialMediaID is required') });
export const zPrivacyOptions = z.object({ privacy_level_options: z.array(z.string()) });

/** POST youtube/yt_category_list/: the region's categories, read with one of the caller's channels. */
export const zYouTubeCategoriesBody = z.object({
  RegionCode: z
    .string()
    .trim()
    .max(2, 'RegionCode is a two-letter country code')
    .regex(/^[A-Za-z]{2}$/, 'RegionCode is a two-letter country code')
    .transform((s) => s.toUpperCase()),
  UserSocialMediaID: zId.optional(),
});
export const zYouTubeCategories = z.array(z.object({ id: z.string(), title: z.string() }));

/** A page a consent gave, as the page chooser shows it: Added when it is already linked. */
export const zLinkablePage = z.object({ id: z.string(), name: z.string(), picture: z.string().nullable(), Added: z.boolean() });
export type TLinkablePage = z.infer<typeof zLinkablePage>;

/** The save call of a page chooser: the flow's State and the pages chosen. */
export const zSavePagesBody = z.object({
  State: z.string().trim().max(256).optional(),
  state: z.string().trim().max(256).optional(),
  PageIDs: z.array(zId).max(100, 'Too many pages at once'),
  OrgID: zId.optional(),
  UserID: zId.optional(),
});
