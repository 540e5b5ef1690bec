import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { Readable } from 'node:stream';

/**
 * Requests to addresses a user chose (a browser's push endpoint, a webhook receiver, a media URL to fetch): the
 * server must never be turned into a way into this machine, its private network or the cloud's metadata service.
 * Only public addresses are reached, checked by the connection's own lookup (the address checked is the one
 * connected to: no second resolution in between), over https; loopback http only where a caller allows it (the
 * sandbox's own receivers).
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

/** A name without a dot, or one of a local network's own suffixes. */
export const isLocalName = (host: string) => !host.includes('.') || LOCAL_NAME.test(host);

/** A request refused before it left: its host is, or resolves to, an address that is not public. */
export class PrivateAddressError extends Error {}

/**
 * Why a URL may not be requested, or null: 'protocol' when it is not https, 'private' when its host is an address
 * that is not public or a local name. A name's addresses are checked again when connecting (`publicOnlyLookup`).
 * `loopbackHttp` also takes http://127.0.0.1 (the sandbox's own receivers).
 */
export function publicUrlIssue(raw: string, opts: { loopbackHttp?: boolean } = {}): 'protocol' | 'private' | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'protocol';
  }
  if (opts.loopbackHttp && url.protocol === 'http:' && url.hostname === '127.0.0.1') return null;
  if (url.protocol !== 'https:') return 'protocol';
  if (url.username || url.password) return 'private';
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : null;
  return isLocalName(host) ? 'private' : null;
}

type TLookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Resolves a push service's name and refuses it if any of its addresses is not public. Used as the connection's
 * own lookup, so the address checked is the address connected to (no second resolution in between).
 */
export function publicOnlyLookup(hostname: string, options: { all?: boolean }, callback: TLookupCallback) {
  // read from the module at each call (not bound at import), so a test can make a name resolve where it wants
  dns.lookup(hostname, { all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))
      return callback(new PrivateAddressError(`${hostname} does not resolve to a public address`), []);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}

/** An answer of `outboundRequest`: its status and headers, and its body as a stream (to read or drop). */
export type TOutboundAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Readable };

/**
 * One request to a user's URL: https through the public-only lookup (or, with `loopbackHttp`, http to 127.0.0.1),
 * no redirects followed, within `timeoutMs` for the answer's head. The caller reads or drops the body.
 */
export function outboundRequest(
  raw: string,
  opts: {
    method: 'GET' | 'POST';
    headers?: Record<string, string | number>;
    body?: Buffer | string;
    timeoutMs: number;
    loopbackHttp?: boolean;
  },
): Promise<TOutboundAnswer> {
  return new Promise((resolve, reject) => {
    const issue = publicUrlIssue(raw, { loopbackHttp: opts.loopbackHttp });
    if (issue)
      return reject(new PrivateAddressError(issue === 'protocol' ? 'Only https addresses are reached' : 'Not a public address'));
    const url = new URL(raw);
    const lib = url.protocol === 'http:' ? http : https;
    const req = lib.request(
      url,
      {
        method: opts.method,
        headers: opts.headers,
        timeout: opts.timeoutMs,
        ...(url.protocol === 'https:' ? { lookup: publicOnlyLookup as never } : {}),
      },
      (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res }),
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${opts.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}
