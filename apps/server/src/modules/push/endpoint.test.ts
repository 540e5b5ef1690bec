import dns from 'node:dns';
import { WEB_PUSH_MSG } from '@virality/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointIssue, isPrivateAddress, PrivateEndpointError, postToPushService } from './endpoint';
import { retryAfterSeconds } from './service';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
  it.each(['142.250.74.10', '8.8.8.8', '2a00:1450:4001:80b::200a', '2001:4860:4860::8888', '2003::1'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
  // an IPv6 address that carries an IPv4 address reaches that IPv4 address (or a relay): none is a push service's
  it.each([
    ['IPv4-compatible, loopback', '::7f00:1'],
    ['IPv4-compatible, dotted', '::127.0.0.1'],
    ['IPv4-compatible, metadata service', '::a9fe:a9fe'],
    ['IPv4-compatible, private', '::a00:1'],
    ['IPv4-compatible, public', '::808:808'],
    ['IPv4-mapped, written out', '0:0:0:0:0:ffff:7f00:1'],
    ['IPv4-mapped, upper case', '::FFFF:127.0.0.1'],
    ['IPv4-translated', '::ffff:0:7f00:1'],
    ['6to4, loopback', '2002:7f00:1::1'],
    ['6to4, metadata service', '2002:a9fe:a9fe::'],
    ['6to4, private', '2002:c0a8:101:1::1'],
    ['6to4, public', '2002:808:808::1'],
    ['NAT64, metadata service', '64:ff9b::169.254.169.254'],
    ['NAT64 local-use, private', '64:ff9b:1::a00:1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['Teredo, loopback server', '2001:0:7f00:1::1'],
  ])('an address that embeds an IPv4 address is not public: %s (%s)', (_label, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });
});

describe('endpointIssue: where a subscription may send the server', () => {
  const prod = { sandbox: false, publicUrl: 'https://virality.example' };
  const sandbox = { sandbox: true, publicUrl: 'http://localhost:3000' };

  it("accepts the browsers' push services over https", () => {
    for (const e of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/x',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ])
      expect(endpointIssue(e, prod)).toBeNull();
  });
  it('refuses http, and names or addresses inside this machine or network', () => {
    expect(endpointIssue('http://fcm.googleapis.com/x', prod)).toBe(WEB_PUSH_MSG.endpointInvalid);
    for (const e of [
      'https://localhost/x',
      'https://api.localhost/x',
      'https://printer.local/x',
      'https://metadata.google.internal/x',
      'https://192.168.0.10/x',
      'https://[fe80::1]/x',
      'https://0x7f000001/x',
      'https://2130706433/x',
    ])
      expect(endpointIssue(e, prod), e).toBe(WEB_PUSH_MSG.endpointPrivate);
  });
  it('refuses an IPv6 literal that embeds an IPv4 address, however it is spelled (IPv4-compatible, -mapped, 6to4, NAT64, Teredo)', () => {
    for (const e of [
      'https://[::7f00:1]/x',
      'https://[::127.0.0.1]/x',
      'https://[0:0:0:0:0:0:7f00:1]/x',
      'https://[0::7F00:0001]:8443/x',
      'https://[::a9fe:a9fe]/x',
      'https://[::ffff:7f00:1]/x',
      'https://[0:0:0:0:0:FFFF:127.0.0.1]/x',
      'https://[::ffff:0:a9fe:a9fe]/x',
      'https://[2002:7f00:1::1]/x',
      'https://[2002:a9fe:a9fe::]/x',
      'https://[2002:0a00:0001:0000::1]/x',
      'https://[64:ff9b::127.0.0.1]/x',
      'https://[64:ff9b:1::a9fe:a9fe]/x',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x',
    ])
      expect(endpointIssue(e, prod), e).toBe(WEB_PUSH_MSG.endpointPrivate);
    expect(endpointIssue('https://[2a00:1450:4001:80b::200a]/x', prod)).toBeNull();
  });
  it('the sandbox push service is allowed only in sandbox mode, and only at its own path', () => {
    expect(endpointIssue('http://localhost:3000/sandbox/push/endpoint/abc', sandbox)).toBeNull();
    expect(endpointIssue('http://localhost:3000/api/user/logout', sandbox)).toBe(WEB_PUSH_MSG.endpointInvalid);
    expect(
      endpointIssue('https://virality.example/sandbox/push/endpoint/abc', { ...prod, publicUrl: 'https://virality.example' }),
    ).toBeNull();
    expect(endpointIssue('http://localhost:3000/sandbox/push/endpoint/abc', { ...sandbox, sandbox: false })).toBe(
      WEB_PUSH_MSG.endpointInvalid,
    );
  });
});

describe('postToPushService', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Makes `name` resolve to `addresses` (other names resolve as usual). */
  const resolving = (name: string, addresses: string[]) => {
    const real = dns.lookup;
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, options: unknown, callback: (...a: unknown[]) => void) => {
      if (host !== name) return (real as (...a: unknown[]) => void)(host, options, callback);
      const all = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
      const opts = typeof options === 'object' && options ? (options as { all?: boolean }) : {};
      setImmediate(() => (opts.all ? callback(null, all) : callback(null, all[0].address, all[0].family)));
    }) as never);
  };

  it.each([
    ['an IPv4-compatible loopback', ['::7f00:1']],
    ['a 6to4 address around the metadata service', ['2002:a9fe:a9fe::1']],
    ['a NAT64 private address', ['64:ff9b::a00:1']],
    ['a Teredo address', ['2001:0:4136:e378:8000:63bf:3fff:fdd2']],
    ['a public address and a private one', ['142.250.74.10', '::ffff:7f00:1']],
  ])('checks the addresses a name resolves to at send, with the same filter: never connects to %s', async (_label, addresses) => {
    resolving('push.rebound.example', addresses);
    await expect(postToPushService('https://push.rebound.example:1/push', {}, Buffer.from('x'), 2000)).rejects.toBeInstanceOf(
      PrivateEndpointError,
    );
    expect(dns.lookup).toHaveBeenCalled();
  });

  it('refuses at send an IPv6 literal that embeds an IPv4 address, without connecting', async () => {
    for (const e of ['https://[::7f00:1]:1/push', 'https://[2002:7f00:1::1]:1/push', 'https://[64:ff9b::7f00:1]:1/push'])
      await expect(postToPushService(e, {}, Buffer.from('x'), 2000), e).rejects.toBeInstanceOf(PrivateEndpointError);
  });

  it('never connects to a name that resolves inside: the address is checked by the connection’s own lookup', async () => {
    await expect(postToPushService('https://localhost:1/push', {}, Buffer.from('x'), 2000)).rejects.toBeInstanceOf(
      PrivateEndpointError,
    );
    await expect(postToPushService('https://127.0.0.1:1/push', {}, Buffer.from('x'), 2000)).rejects.toBeInstanceOf(
      PrivateEndpointError,
    );
    await expect(postToPushService('http://push.example.com/x', {}, Buffer.from('x'), 2000)).rejects.toBeInstanceOf(
      PrivateEndpointError,
    );
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:05:00 GMT', now)).toBe(300);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});
