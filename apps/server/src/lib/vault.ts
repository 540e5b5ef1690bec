import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TDb } from '../db/client';
import { getOrCreateSetting } from './settings';

/**
 * Secrets at rest (the networks' access and refresh tokens): AES-256-GCM with a random 96-bit nonce per
 * value. A sealed value names the key that sealed it (`v1.<keyId>.<nonce>.<tag>.<ciphertext>`, base64url),
 * so keys can rotate: new values are sealed with the current key, old ones still open with theirs.
 * The row's id is bound in as associated data: a sealed token copied onto another account's row does not open.
 */
export type TVaultKey = { id: string; key: Buffer };
export class VaultError extends Error {}

const PREFIX = 'v1';

export function createVault(keys: TVaultKey[], currentId: string) {
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  const current = byId.get(currentId);
  if (!current) throw new VaultError(`the current key ${currentId} is not among the keys`);
  for (const k of keys) {
    if (k.key.length !== 32) throw new VaultError(`key ${k.id} must be 32 bytes`);
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(k.id)) throw new VaultError('a key id is 1–32 letters, digits, - or _');
  }
  return {
    currentKeyId: currentId,
    seal(plain: string, boundTo: string): string {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, nonce);
      cipher.setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [PREFIX, currentId, ...parts].join('.');
    },
    open(sealed: string, boundTo: string): string {
      const [prefix, keyId, nonce, tag, body, ...rest] = sealed.split('.');
      if (prefix !== PREFIX || rest.length || !keyId || nonce === undefined || tag === undefined || body === undefined)
        throw new VaultError('not a sealed value');
      const key = byId.get(keyId);
      if (!key) throw new VaultError(`sealed with key ${keyId}, which is not configured`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAAD(Buffer.from(boundTo));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new VaultError('a sealed value did not open (wrong key, wrong row, or altered)');
      }
    },
    /** Whether a value was sealed with an older key (to be sealed again with the current one). */
    isStale: (sealed: string) => sealed.split('.')[1] !== currentId,
  };
}

/**
 * Keys from configuration: `TOKEN_KEYS` is `id:base64key[,id:base64key…]`, the first one current. Without it
 * the key kept in the database settings (made on first start) is used.
 */
export function parseVaultKeys(value: string): TVaultKey[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const i = entry.indexOf(':');
      if (i <= 0) throw new VaultError('TOKEN_KEYS entries are id:base64key');
      return { id: entry.slice(0, i), key: Buffer.from(entry.slice(i + 1), 'base64') };
    });
}

export const newVaultKey = () => ({ id: `k${Date.now().toString(36)}`, key: randomBytes(32).toString('base64') });

/**
 * The product's vault for secrets at rest (the networks' tokens, the webhooks' signing secrets): its keys from
 * TOKEN_KEYS, else one made on first start and kept in the settings.
 */
export async function loadTokenVault(tokenKeys: string | undefined | null, db: TDb): Promise<TVault> {
  const keys = tokenKeys
    ? parseVaultKeys(tokenKeys)
    : [await getOrCreateSetting(db, 'token_key', newVaultKey)].map((k) => ({ id: k.id, key: Buffer.from(k.key, 'base64') }));
  return createVault(keys, keys[0].id);
}
export type TVault = ReturnType<typeof createVault>;
