import { WEB_PUSH_MSG } from '@virality/domain';
import { describe, expect, it } from 'vitest';
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
  it.each(['142.250.74.10', '8.8.8.8', '2a00:1450:4001:80b::200a'])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
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
