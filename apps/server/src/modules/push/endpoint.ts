import https from 'node:https';
import { isIP } from 'node:net';
import { WEB_PUSH_MSG } from '@virality/domain';
import { isLocalName, isPrivateAddress, PrivateAddressError, publicOnlyLookup } from '../../lib/outbound';

export { isPrivateAddress };

/**
 * Where the server may send a push. A subscription's endpoint comes from a browser, so whoever registers one
 * chooses an address the server will POST to: it must be https and must reach a public address, never this
 * machine, the private network or the cloud's metadata service. Outside the sandbox nothing else is allowed; in
 * sandbox mode the sandbox's own push service (http, on this server) is allowed too.
 */

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
  if (isLocalName(host)) return WEB_PUSH_MSG.endpointPrivate;
  return null;
}

/** The push service's answer, as the sender reads it. */
export type TPushAnswer = { status: number; retryAfter: string | null };

/** A send refused before it left: the endpoint's name resolved to an address that is not public. */
export const PrivateEndpointError = PrivateAddressError;

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
