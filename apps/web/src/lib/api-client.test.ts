import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, storeSession } from '../testing';
import { api, sessionEnded, setUnauthorizedHandler, whileEndingSession } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  setUnauthorizedHandler(() => {});
});

describe('a session that ends', () => {
  it('a 401 or the live stream saying it ended is a lost session: the handler runs (log in again)', async () => {
    storeSession('INFLUENCER');
    const lost = vi.fn();
    setUnauthorizedHandler(lost);
    mockFetch(() => ({ status: 401, body: { status: false, message: 'Session expired', response: null } }));
    await expect(api.get('user/getUserStatus')).rejects.toThrow('Session expired');
    sessionEnded();
    expect(lost).toHaveBeenCalledTimes(2);
  });

  it('ended on purpose (closing the account), the end it causes is not a lost session; a failed close keeps the session watched', async () => {
    storeSession('INFLUENCER');
    const lost = vi.fn();
    setUnauthorizedHandler(lost);
    // the account's close: the live stream says the session ended before the call's own answer arrives
    mockFetch((c) => {
      if (c.path === 'user/deleteUserDetails') {
        sessionEnded();
        return ok(null, 'Your account has been deleted successfully');
      }
      return { status: 401, body: { status: false, message: 'Session expired', response: null } };
    });
    const res = await whileEndingSession(() => api.post('user/deleteUserDetails', { remarks: 'bye' }));
    expect(res.message).toBe('Your account has been deleted successfully');
    await expect(api.get('user/getUserStatus')).rejects.toThrow();
    expect(lost).not.toHaveBeenCalled();

    // a close that fails leaves the session as it was: its later end is a lost session again
    mockFetch(() => ({ status: 500, body: { status: false, message: 'Something went wrong', response: null } }));
    await expect(whileEndingSession(() => api.post('user/deleteUserDetails', { remarks: 'bye' }))).rejects.toThrow();
    sessionEnded();
    expect(lost).toHaveBeenCalledTimes(1);
  });
});
