import { describe, expect, it } from 'vitest';
import {
  BENCH_PROFILES_MAX,
  benchRoster,
  emulatorLatencyMs,
  REALISTIC_LATENCY,
  type TCallKind,
  type TLatencyNetwork,
} from './bench';

describe('the latency of a call', () => {
  const networks = Object.keys(REALISTIC_LATENCY) as TLatencyNetwork[];
  const kinds: TCallKind[] = ['read', 'token', 'post', 'container', 'upload'];

  it('is none when off, and the number of ms given when fixed', () => {
    expect(emulatorLatencyMs('off', 'x', 'post')).toBe(0);
    expect(emulatorLatencyMs(undefined, 'x', 'post')).toBe(0);
    expect(emulatorLatencyMs(0, 'youtube', 'upload')).toBe(0);
    for (const n of networks) for (const k of kinds) expect(emulatorLatencyMs(250, n, k, () => 0.9)).toBe(250);
  });

  it('is drawn between the least and the most of its network and kind of call when realistic', () => {
    for (const n of networks)
      for (const k of kinds) {
        const [least, most] = REALISTIC_LATENCY[n][k];
        expect(least).toBeLessThan(most);
        expect(emulatorLatencyMs('realistic', n, k, () => 0)).toBe(least);
        expect(emulatorLatencyMs('realistic', n, k, () => 0.5)).toBe(Math.round((least + most) / 2));
        expect(emulatorLatencyMs('realistic', n, k, () => 0.999_999)).toBe(most);
        const drawn = emulatorLatencyMs('realistic', n, k);
        expect(drawn).toBeGreaterThanOrEqual(least);
        expect(drawn).toBeLessThanOrEqual(most);
      }
  });

  it('resembles the real APIs: reads are quicker than posts, containers and uploads slower still', () => {
    for (const n of networks) {
      const r = REALISTIC_LATENCY[n];
      expect(r.read[0]).toBeGreaterThanOrEqual(150);
      expect(r.read[1]).toBeLessThanOrEqual(350);
      expect(r.post[0]).toBeGreaterThanOrEqual(400);
      expect(r.post[1]).toBeLessThanOrEqual(900);
      expect(r.upload[0]).toBeGreaterThan(r.post[0]);
    }
    for (const n of ['instagram', 'threads'] as const) expect(REALISTIC_LATENCY[n].container).toEqual([600, 1200]);
  });
});

describe('generated profiles', () => {
  it('are numbered from 1, found by their id or remote id, at most 5000, and made only when asked for', () => {
    const roster = benchRoster('x', 12, (n, p) => ({ ...p, userId: `99${String(n).padStart(6, '0')}` }));
    expect(roster.size).toBe(12);
    expect(roster.at(1)).toMatchObject({ id: 'x-bench-0001', userName: 'bench0001', displayName: 'Bench 0001' });
    expect(roster.byId('x-bench-0012')?.userId).toBe('99000012');
    expect(roster.byId('x-bench-0013')).toBeNull();
    expect(roster.byId('x-bench-0000')).toBeNull();
    expect(roster.byId('y-bench-0001')).toBeNull();
    expect(roster.byRemote('99000007', '99', (p) => p.userId)?.id).toBe('x-bench-0007');
    // the number must be written as the profile's own remote id is, not merely carry the same digits
    expect(roster.byRemote('997', '99', (p) => p.userId)).toBeNull();
    expect(roster.all().map((p) => p.id)).toHaveLength(12);
    expect(benchRoster('x', 99_999, (_n, p) => p).size).toBe(BENCH_PROFILES_MAX);
    expect(benchRoster('x', undefined, (_n, p) => p).all()).toEqual([]);
  });

  it('cost little memory: 5000 of each of seven networks hold nothing until listed', () => {
    const before = process.memoryUsage().heapUsed;
    const rosters = Array.from({ length: 7 }, (_, i) =>
      benchRoster(`n${i}`, BENCH_PROFILES_MAX, (n, p) => ({ ...p, remote: String(n) })),
    );
    expect(rosters.every((r) => r.byId(`n${rosters.indexOf(r)}-bench-5000`) !== null)).toBe(true);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(2 * 1024 * 1024);
  });
});
