import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createVault, parseVaultKeys, VaultError } from './vault';

const key = (id: string) => ({ id, key: randomBytes(32) });

describe('tokens sealed at rest (AES-256-GCM, bound to their row)', () => {
  it('a sealed token opens with its key on its row, and never shows the token', () => {
    const vault = createVault([key('k1')], 'k1');
    const sealed = vault.seal('act.secret-token', 'row-1');
    expect(sealed).not.toContain('secret-token');
    expect(sealed.startsWith('v1.k1.')).toBe(true);
    expect(vault.open(sealed, 'row-1')).toBe('act.secret-token');
  });

  it('the same token sealed twice differs (a fresh nonce each time)', () => {
    const vault = createVault([key('k1')], 'k1');
    expect(vault.seal('same', 'r')).not.toBe(vault.seal('same', 'r'));
  });

  it('a sealed token copied onto another row does not open', () => {
    const vault = createVault([key('k1')], 'k1');
    const sealed = vault.seal('token', 'row-1');
    expect(() => vault.open(sealed, 'row-2')).toThrow(VaultError);
  });

  it('an altered sealed value does not open', () => {
    const vault = createVault([key('k1')], 'k1');
    const parts = vault.seal('token', 'r').split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => vault.open(parts.join('.'), 'r')).toThrow(VaultError);
  });

  it('keys rotate: new values use the current key, old ones still open with theirs', () => {
    const old = key('k1');
    const before = createVault([old], 'k1').seal('token', 'r');
    const rotated = createVault([key('k2'), old], 'k2');
    expect(rotated.open(before, 'r')).toBe('token');
    expect(rotated.isStale(before)).toBe(true);
    expect(rotated.seal('token', 'r').startsWith('v1.k2.')).toBe(true);
  });

  it('a value sealed with a key that is no longer configured says so', () => {
    const sealed = createVault([key('gone')], 'gone').seal('token', 'r');
    expect(() => createVault([key('k2')], 'k2').open(sealed, 'r')).toThrow(/gone/);
  });

  it('TOKEN_KEYS is id:base64key, comma separated; a key must be 32 bytes', () => {
    const a = randomBytes(32).toString('base64');
    const keys = parseVaultKeys(`new:${a}, old:${randomBytes(32).toString('base64')}`);
    expect(keys.map((k) => k.id)).toEqual(['new', 'old']);
    expect(() => createVault(parseVaultKeys(`short:${randomBytes(16).toString('base64')}`), 'short')).toThrow(/32 bytes/);
    expect(() => parseVaultKeys('nokey')).toThrow(VaultError);
  });
});
