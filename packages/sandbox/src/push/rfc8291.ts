import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';

/**
 * The receiving side of Web Push, as a browser does it: the user agent's key pair and auth secret, and the
 * decryption of an `aes128gcm` message (RFC 8188 content coding with the RFC 8291 key derivation), written with
 * node:crypto so the sandbox's push service (and tests) read what the server encrypted with web-push.
 */

/** A user agent's keys: the P-256 key pair (raw, base64url) and the auth secret (16 bytes, base64url). */
export type TUserAgentKeys = { publicKey: string; privateKey: string; auth: string };

export function makeUserAgentKeys(): TUserAgentKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts an aes128gcm body with the user agent's keys. The header: salt (16), record size (4), key id length (1)
 * and the key id, which for Web Push is the sender's ephemeral public key (65). Then:
 * IKM = HKDF(auth, ECDH(ua, as), "WebPush: info\0" ‖ ua_public ‖ as_public, 32);
 * CEK = HKDF(salt, IKM, "Content-Encoding: aes128gcm\0", 16); NONCE = HKDF(salt, IKM, "Content-Encoding: nonce\0", 12);
 * each record is AES-128-GCM with the nonce XOR its sequence number, its padding ended by 2 (the last) or 1.
 */
export function decryptAes128gcm(body: Buffer, keys: TUserAgentKeys): Buffer {
  if (body.length < 21) throw new Error('The message is shorter than its header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderPublic[0] !== 4) throw new Error("The header's key id is not a P-256 public key");
  if (recordSize < 18) throw new Error('The record size is too small');
  const uaPublic = Buffer.from(keys.publicKey, 'base64url');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublic]);
  const ikm = hkdf(Buffer.from(keys.auth, 'base64url'), shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const content = body.subarray(21 + idLength);
  const parts: Buffer[] = [];
  for (let at = 0, seq = 0; at < content.length; at += recordSize, seq++) {
    const record = content.subarray(at, at + recordSize);
    if (record.length < 17) throw new Error('A record is shorter than its tag');
    const iv = Buffer.from(nonce);
    // the sequence number is XORed into the nonce's low end (records are few: it fits the last four bytes)
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = at + recordSize >= content.length;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('A record has no valid padding delimiter');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts);
}

/** What a push service reads from `Authorization: vapid t=<JWT>, k=<public key>`. */
export type TVapidCheck = {
  valid: boolean;
  publicKey: string | null;
  audience: string | null;
  subject: string | null;
  reason?: string;
};

/**
 * Checks a VAPID authorization as a push service does (RFC 8292): an ES256 JWT signed by the key in `k`, for this
 * service's origin (`aud`), not expired (`exp` within a day), with a `sub`.
 */
export function checkVapid(header: string | undefined, origin: string, nowSeconds: number): TVapidCheck {
  const none = { valid: false, publicKey: null, audience: null, subject: null };
  const m = /^vapid\s+t=([\w-]+\.[\w-]+\.[\w-]+)\s*,\s*k=([\w-]+)$/.exec(header?.trim() ?? '');
  if (!m) return { ...none, reason: 'no vapid authorization' };
  const [, jwt, k] = m;
  const [head, claims, signature] = jwt.split('.');
  try {
    const raw = Buffer.from(k, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) return { ...none, reason: 'k is not a P-256 public key' };
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
    const facts = { publicKey: k, audience: body.aud ?? null, subject: body.sub ?? null };
    if (header.alg !== 'ES256') return { valid: false, ...facts, reason: 'alg is not ES256' };
    const signed = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return { valid: false, ...facts, reason: 'bad signature' };
    if (body.aud !== origin) return { valid: false, ...facts, reason: 'aud is not this push service' };
    if (typeof body.exp !== 'number' || body.exp <= nowSeconds || body.exp > nowSeconds + 24 * 3600)
      return { valid: false, ...facts, reason: 'exp is not within the next day' };
    if (!body.sub) return { valid: false, ...facts, reason: 'no sub' };
    return { valid: true, ...facts };
  } catch {
    return { ...none, reason: 'unreadable authorization' };
  }
}
