import { z } from 'zod';
import type { TProfileType } from '../enums';
import { agoText } from './insights';
import { rolesForPath } from './routes';

/**
 * API keys: how a script, an integration or an AI agent acts for an organization through the public API (/api/v1)
 * without a person's session. A key has a name and a scope; it is shown once when made (only its prefix is kept in
 * the clear, the rest as a hash), and it can be revoked.
 */

/** `read`: the GET calls only; `write`: every call. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type TApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** At most this many live (not revoked) keys per organization. */
export const API_KEYS_MAX = 10;
export const API_KEY_NAME_MAX = 60;

/** Every key starts with this, so a leaked one is recognised (secret scanners) and never taken for a session token. */
export const API_KEY_PREFIX = 'vk_';
/** The part of a key shown in lists: the prefix and the key's public id (`vk_` and 12 characters). */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 12;

/** Who makes keys: the owners of an organization (never a business's team member, never an admin), as the page's route says. */
export const mayManageApiKeys = (profileType: string): boolean =>
  !!(rolesForPath('/profile/apikeys') as readonly string[] | null)?.includes(profileType as TProfileType);

export const API_KEY_MSG = {
  created: 'API key created: copy it now, it is not shown again',
  listed: 'API keys',
  revoked: 'API key revoked',
  nameRequired: 'Give the key a name',
  nameTooLong: `The name can be at most ${API_KEY_NAME_MAX} characters`,
  badScope: 'The scope must be read or write',
  tooMany: `You can have at most ${API_KEYS_MAX} API keys: revoke one first`,
  notFound: 'API key not found',
  notForManagers: 'Only the account owner can make API keys',
} as const;

/** POST /api/apiKeys {name, scope} */
export const zApiKeyCreate = z.strictObject(
  {
    name: z
      .string({ error: API_KEY_MSG.nameRequired })
      .trim()
      .min(1, API_KEY_MSG.nameRequired)
      .max(API_KEY_NAME_MAX, API_KEY_MSG.nameTooLong),
    scope: z.enum(API_KEY_SCOPES, { error: API_KEY_MSG.badScope }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field: ${String(issue.keys[0]).slice(0, 40)}` : API_KEY_MSG.nameRequired,
  },
);
export type TApiKeyCreate = z.infer<typeof zApiKeyCreate>;

/** A key as lists show it: never its secret. */
export const zApiKey = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's first characters, as shown (`vk_` and its public id). */
  prefix: z.string(),
  createdAt: z.string(),
  /** When it was last used (to the minute), or null. */
  lastUsedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type TApiKey = z.infer<typeof zApiKey>;

/** POST /api/apiKeys answers the key once, whole. */
export const zApiKeyCreated = zApiKey.extend({ key: z.string() });
export type TApiKeyCreated = z.infer<typeof zApiKeyCreated>;

export const API_KEY_RESPONSES = {
  'POST /apiKeys': zApiKeyCreated,
  'GET /apiKeys': z.array(zApiKey),
  'DELETE /apiKeys/:id': z.null(),
} as const;

/** When a key was last used, as its row says it: 'Never used', 'Used just now', 'Used 5 min ago', 'Used 3 h ago', 'Used 2 d ago'. */
export function apiKeyUsedText(lastUsedAt: string | null, now: Date): string {
  const at = lastUsedAt ? new Date(lastUsedAt).getTime() : Number.NaN;
  return Number.isNaN(at) ? 'Never used' : `Used ${agoText(at, now)}`;
}
