import { hashKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../testing';
import { checkUserName, userNameCheckKey } from './check-user-name';

describe('checkUserName', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends excludeUserId only when it is defined: missing and null mean different things to the server', async () => {
    const calls = mockFetch(() => ok({ isExist: true, genData: ['ana_01'] }));
    expect(await checkUserName('ana')).toEqual({ isExist: true, genData: ['ana_01'] });
    await checkUserName('ana', null);
    await checkUserName('ana', 'u2');
    expect(calls.map((c) => [c.method, c.path])).toEqual([
      ['POST', 'user/checkUserName'],
      ['POST', 'user/checkUserName'],
      ['POST', 'user/checkUserName'],
    ]);
    expect(calls[0].body).toStrictEqual({ userName: 'ana' });
    expect(calls[1].body).toStrictEqual({ userName: 'ana', excludeUserId: null });
    expect(calls[2].body).toStrictEqual({ userName: 'ana', excludeUserId: 'u2' });
  });

  it('reads a missing answer as free with no suggestions', async () => {
    mockFetch(() => ok(null));
    expect(await checkUserName('mia')).toEqual({ isExist: false, genData: [] });
  });

  it('keeps the two readings apart in the cache', () => {
    const hash = (excludeUserId?: string | null) => hashKey(userNameCheckKey('ana', excludeUserId));
    expect(new Set([hash(undefined), hash(null), hash('u2')]).size).toBe(3);
  });
});
