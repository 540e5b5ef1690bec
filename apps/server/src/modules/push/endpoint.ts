import dns, { type LookupAddress } from 'node:dns';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { WEB_PUSH_MSG } from '@virality/domain';

/**
 * Where the server may send a push. A subscription's endpoint comes from a browser, so whoever registers one
 * chooses an address the server will POST to: it must be https and must reach a public address, never this
 * machine, the private network or the cloud's metadata service. Outside the sandbox nothing else is allowed; in
 * sandbox mode the sandbox's own push service (http, on this server) is allowed too.
 */

// Two lists: a BlockList also matches an IPv4 address against IPv6 rules (as ::ffff:a.b.c.d), and the IPv6 list
// refuses every address that carries an IPv4 address. A BlockList reads an address in any spelling (compressed or
// not, any case, a dotted tail), so '::127.0.0.1' and '0::7f00:1' are one address.
const PRIVATE_V4 = new BlockList();
const PRIVATE_V6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE_V4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // unspecified, loopback and IPv4-compatible (::a.b.c.d)
  ['::', 96],
  // every range whose addresses carry an IPv4 address reaches that address (or a relay to it), whichever it is:
  // IPv4-mapped and -translated, NAT64 (well-known and local-use), Teredo (in the IETF's 2001::/23) and 6to4.
  // No push service lives there, so all of them are refused, not only those around a private IPv4 address.
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2001::', 23],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE_V6.addSubnet(net, bits, 'ipv6');

/**
 * True for an address that is not on the public internet (loopback, private, link-local, reserved, multicast) or
 * that is an IPv6 address carrying an IPv4 address (IPv4-compatible, -mapped, -translated, NAT64, 6to4, Teredo).
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE_V4.check(address, 'ipv4');
  if (family === 6) return PRIVATE_V6.check(address, 'ipv6');
  return true;
}

/** Host names that never leave this machine or its network. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

/** The sandbox push service's endpoints on this server (only in sandbox mode). */
export const sandboxPushPrefix = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/sandbox/push/endpoint/`;

/**
 * Why an endpoint may not be sent to, or null. https only (or the sandbox's push service in sandbox mode); a host
 * that is an IP literal must be public, a name must have a dot and not be a local one. A name's addresses are
 * checked again at each send (`postToPushService`), so a name that later resolves inside is refused then.
 */
export function endpointIssue(endpoint: string, opts: { sandbox: boolean; publicUrl: string }): string | null {
  if (opts.sandbox && endpoint.startsWith(sandboxPushPrefix(opts.publicUrl))) return null;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return WEB_PUSH_MSG.endpointInvalid;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(host)) return isPrivateAddress(host) ? WEB_PUSH_MSG.endpointPrivate : null;
  if (!host.includes('.') || LOCAL_NAME.test(host)) return WEB_PUSH_MSG.endpointPrivate;
  return null;
}

/** The push service's answer, as the sender reads it. */
export type TPushAnswer = { status: number; retryAfter: string | null };

/** A send refused before it left: the endpoint's name resolved to an address that is not public. */
export class PrivateEndpointError extends Error {}

type TLookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Resolves a push service's name and refuses it if any of its addresses is not public. Used as the connection's
 * own lookup, so the address checked is the address connected to (no second resolution in between).
 */
function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: TLookupCallback) {
  // read from the module at each call (not bound at import), so a test can make a name resolve where it wants
  dns.lookup(hostname, { all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(new PrivateEndpointError('The push endpoint does not resolve to a public address'), []);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}

/**
 * POSTs an encrypted push to a push service over https, through the public-only lookup, within `timeoutMs`;
 * answers the status and Retry-After. The body of the answer is read and dropped.
 */
export function postToPushService(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer,
  timeoutMs: number,
): Promise<TPushAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(endpoint);
    if (url.protocol !== 'https:') return reject(new PrivateEndpointError('Push endpoints are reached over https only'));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && isPrivateAddress(host))
      return reject(new PrivateEndpointError('The push endpoint is not a public address'));
    const req = https.request(url, { method: 'POST', headers, lookup: publicOnlyLookup as never, timeout: timeoutMs }, (res) => {
      res.resume();
      const retryAfter = res.headers['retry-after'];
      resolve({ status: res.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null });
    });
    req.on('timeout', () => req.destroy(new Error(`The push service did not answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
