import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { checkVapid, decryptAes128gcm, makeUserAgentKeys } from './rfc8291';

// RFC 8291, Appendix A: the user agent's keys and the message the application server sent them.
const RFC = {
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  message:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

describe('decryptAes128gcm (RFC 8291 with the RFC 8188 content coding)', () => {
  it("opens the RFC's own example message", () => {
    const plain = decryptAes128gcm(Buffer.from(RFC.message, 'base64url'), {
      publicKey: RFC.uaPublic,
      privateKey: RFC.uaPrivate,
      auth: RFC.auth,
    });
    expect(plain.toString('utf8')).toBe('When I grow up, I want to be a watermelon');
  });

  it('opens what web-push encrypts for a user agent, and refuses it with another auth secret or a changed byte', () => {
    const ua = makeUserAgentKeys();
    const payload = JSON.stringify({ title: 'Post sent', body: 'Posted to X', url: '/postoverview/p1', tag: 'post-p1' });
    const { cipherText } = webPush.encrypt(ua.publicKey, ua.auth, payload, 'aes128gcm');
    expect(decryptAes128gcm(cipherText, ua).toString('utf8')).toBe(payload);
    expect(() => decryptAes128gcm(cipherText, { ...ua, auth: makeUserAgentKeys().auth })).toThrow();
    const changed = Buffer.from(cipherText);
    changed[changed.length - 20] ^= 1;
    expect(() => decryptAes128gcm(changed, ua)).toThrow();
    expect(() => decryptAes128gcm(Buffer.alloc(10), ua)).toThrow('shorter than its header');
  });
});

describe('checkVapid (what a push service checks of the sender)', () => {
  const keys = webPush.generateVAPIDKeys();
  const origin = 'http://localhost:3000';
  const header = (audience: string, k = keys) =>
    webPush.getVapidHeaders(audience, 'mailto:support@virality.app', k.publicKey, k.privateKey, 'aes128gcm').Authorization;
  const now = Math.floor(Date.now() / 1000);

  it('accepts an ES256 token for its origin signed by the key it names', () => {
    expect(checkVapid(header(origin), origin, now)).toEqual({
      valid: true,
      publicKey: keys.publicKey,
      audience: origin,
      subject: 'mailto:support@virality.app',
    });
  });
  it('refuses a token for another push service, a key that did not sign it, an expired one and none', () => {
    expect(checkVapid(header('https://fcm.googleapis.com'), origin, now)).toMatchObject({
      valid: false,
      reason: 'aud is not this push service',
    });
    const other = webPush.generateVAPIDKeys();
    const forged = header(origin).replace(/k=[\w-]+$/, `k=${other.publicKey}`);
    expect(checkVapid(forged, origin, now)).toMatchObject({ valid: false, reason: 'bad signature' });
    expect(checkVapid(header(origin), origin, now + 2 * 24 * 3600)).toMatchObject({ valid: false });
    expect(checkVapid(undefined, origin, now)).toMatchObject({ valid: false, reason: 'no vapid authorization' });
  });
});
