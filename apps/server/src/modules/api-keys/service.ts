import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_MSG,
  API_KEY_PREFIX,
  API_KEYS_MAX,
  mayManageApiKeys,
  type TAccountType,
  type TApiKey,
  type TApiKeyCreate,
  type TApiKeyCreated,
  type TApiKeyScope,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { badRequest, forbidden, notFound } from '../../errors';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext } from '../auth/service';
import type { TUsersService } from '../users/service';
import type { TApiKeyRow, TApiKeysRepository } from './repository';

/** A key's public id: 12 characters of [a-z0-9] (62 bits), the part lists show after `vk_`. */
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newKeyId = () => Array.from(randomBytes(12), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
const sha256 = (s: string) => createHash('sha256').update(s).digest();
/** `vk_<12>_<43 base64url>`: what a key must look like before anything is looked up. */
const KEY_SHAPE = /^vk_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
/** A key's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

/** What a request made with a key acts as: the organization's owner, within the key's scope. */
export type TApiKeyAuth = TAuthContext & { apiKey: { id: string; scope: TApiKeyScope } };

const shown = (row: TApiKeyRow): TApiKey => ({
  id: row.id,
  name: row.name,
  scope: row.scope as TApiKeyScope,
  prefix: `${API_KEY_PREFIX}${row.id}`,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  createdBy: row.createdBy,
});

/**
 * API keys: made, listed and revoked by an organization's owner (never a team member, never an admin); each key
 * acts for the organization within its scope. The secret is shown once and kept only as its hash.
 */
export function createApiKeysService(deps: {
  repo: TApiKeysRepository;
  unitOfWork: TUnitOfWork;
  users: Pick<TUsersService, 'findById'>;
  clock: Clock;
}) {
  const { repo, unitOfWork, clock } = deps;

  function assertOwner(a: TAuthContext) {
    if (!mayManageApiKeys(a.role)) throw forbidden(API_KEY_MSG.notForManagers);
  }

  return {
    async create(a: TAuthContext, input: TApiKeyCreate): Promise<TApiKeyCreated> {
      assertOwner(a);
      const id = newKeyId();
      const secret = randomBytes(32).toString('base64url');
      const row = await unitOfWork(async () => {
        await repo.lockOwner(a.userId);
        if ((await repo.countLive(a.userId)) >= API_KEYS_MAX) throw badRequest(API_KEY_MSG.tooMany);
        return repo.insert({
          id,
          ownerId: a.userId,
          createdBy: a.userId,
          name: input.name,
          scope: input.scope,
          secretHash: sha256(secret).toString('hex'),
          createdAt: clock.now(),
        });
      });
      return { ...shown(row), key: `${API_KEY_PREFIX}${id}_${secret}` };
    },

    async list(a: TAuthContext): Promise<TApiKey[]> {
      assertOwner(a);
      return (await repo.listLive(a.userId)).map(shown);
    },

    async revoke(a: TAuthContext, id: string): Promise<void> {
      assertOwner(a);
      if (!(await repo.revoke(a.userId, id, clock.now()))) throw notFound(API_KEY_MSG.notFound);
    },

    /**
     * What a key acts as, or null: a key of the right shape, live (not revoked), whose secret matches, of an
     * organization that is still open. Records its use (at most once a minute).
     */
    async authenticate(key: string): Promise<TApiKeyAuth | null> {
      const m = KEY_SHAPE.exec(key);
      if (!m) return null;
      const row = await repo.byId(m[1]);
      if (!row || row.revokedAt) return null;
      const expected = Buffer.from(row.secretHash, 'hex');
      const given = sha256(m[2]);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const user = await deps.users.findById(row.ownerId);
      if (!user?.userStatus || user.deletedAt || !mayManageApiKeys(user.profileType)) return null;
      const now = clock.now();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS)
        await repo.touch(row.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
      return {
        userId: user.id,
        sessionId: `api-key:${row.id}`,
        role: user.profileType as TAccountType,
        user,
        apiKey: { id: row.id, scope: row.scope as TApiKeyScope },
      };
    },
  };
}
export type TApiKeysService = ReturnType<typeof createApiKeysService>;
