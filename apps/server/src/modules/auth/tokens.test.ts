import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens';

const claims = { sub: 'u1', sid: 's1', role: 'INFLUENCER' };
const issued = new Date('2026-01-01T00:00:00Z');
const expires = new Date('2026-01-02T00:00:00Z');

describe('access tokens', () => {
  it('a token verified once is still refused after its expiry (the verified-token memory keeps the expiry)', async () => {
    const signer = createTokenSigner('x'.repeat(40));
    const token = await signer.sign(claims, issued, expires);
    expect(await signer.verify(token, new Date('2026-01-01T12:00:00Z'))).toEqual(claims);
    expect(await signer.verify(token, new Date('2026-01-01T13:00:00Z'))).toEqual(claims);
    expect(await signer.verify(token, expires)).toBeNull();
    expect(await signer.verify(token, new Date('2026-01-03T00:00:00Z'))).toBeNull();
  });

  it('a token signed with another secret, or altered, is refused', async () => {
    const signer = createTokenSigner('x'.repeat(40));
    const other = createTokenSigner('y'.repeat(40));
    const foreign = await other.sign(claims, issued, expires);
    const now = new Date('2026-01-01T12:00:00Z');
    expect(await signer.verify(foreign, now)).toBeNull();
    const token = await signer.sign(claims, issued, expires);
    expect(await signer.verify(token, now)).toEqual(claims);
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'u2', exp: 1893456000 })).toString('base64url')}.${s}`;
    expect(await signer.verify(tampered, now)).toBeNull();
    expect(await signer.verify(`${h}.${p}.${s.slice(0, -2)}AA`, now)).toBeNull();
  });
});
