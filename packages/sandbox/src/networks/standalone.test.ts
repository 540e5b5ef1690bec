import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followProductClock, startNetworkEmulators } from './standalone';

// The networks' emulators in a process of their own answer under the same paths as inside the product, and read
// the product's time, however far its clock was moved.
const HOUR = 3_600_000;

describe('the networks’ emulators on their own', () => {
  let product: http.Server;
  let productUrl = '';
  let ahead = HOUR;
  beforeAll(async () => {
    // a product whose clock stands an hour ahead (as a moved sandbox clock does)
    product = http.createServer((req, res) => {
      if (req.url !== '/api/health') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: true, response: { time: new Date(Date.now() + ahead).toISOString() } }));
    });
    await new Promise<void>((r) => product.listen(0, '127.0.0.1', r));
    productUrl = `http://127.0.0.1:${(product.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => product.close(() => r())));

  const settled = async (clock: { nowMs(): number }, offset: number) => {
    for (let i = 0; i < 100 && Math.abs(clock.nowMs() - Date.now() - offset) > 5_000; i++)
      await new Promise((r) => setTimeout(r, 50));
    return clock.nowMs() - Date.now();
  };

  it('the clock follows the product’s, also after it moves, and cannot be moved from here', async () => {
    const clock = followProductClock(productUrl);
    try {
      expect(Math.abs((await settled(clock, HOUR)) - HOUR)).toBeLessThan(5_000);
      ahead = 3 * HOUR;
      expect(Math.abs((await settled(clock, 3 * HOUR)) - 3 * HOUR)).toBeLessThan(5_000);
      expect(() => clock.advance(1000)).toThrow(/follows the product/);
    } finally {
      clock.stop();
      ahead = HOUR;
    }
  });

  it('answers every network under /sandbox/<network>/, and nothing of the product’s', async () => {
    const clock = followProductClock(productUrl);
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const emulators = await startNetworkEmulators({ port, publicUrl: `http://127.0.0.1:${port}`, productUrl, clock });
    try {
      for (const network of ['instagram', 'facebook', 'linkedin', 'twitter', 'threads', 'youtube', 'tiktok']) {
        const res = await fetch(`${emulators.url}/sandbox/${network}/_published?user=nobody`);
        expect([network, res.status]).toEqual([network, 200]);
        expect(await res.json()).toEqual([]);
      }
      expect((await fetch(`${emulators.url}/api/health`)).status).toBe(404);
    } finally {
      await emulators.close();
      clock.stop();
    }
  });
});
