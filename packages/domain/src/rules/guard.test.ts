import { describe, expect, it } from 'vitest';
import { ACCOUNT_GUARD_MINUTES, ACCOUNT_MAX_FAILURES, GUARD_MSG, minutesLeft } from './guard';

describe('account guard', () => {
  it('locks after 10 failures within 15 minutes, for 15 minutes', () => {
    expect(ACCOUNT_MAX_FAILURES).toBe(10);
    expect(ACCOUNT_GUARD_MINUTES).toBe(15);
  });

  it('says the minutes left rounded up, and never less than one', () => {
    expect(minutesLeft(15 * 60_000, 0)).toBe(15);
    expect(minutesLeft(14 * 60_000 + 1, 0)).toBe(15);
    expect(minutesLeft(1000, 0)).toBe(1);
    expect(minutesLeft(0, 1000)).toBe(1);
  });

  it('speaks of one minute in the singular', () => {
    expect(GUARD_MSG.accountLocked(1)).toBe('Too many failed attempts on this account. Please try again in 1 minute');
    expect(GUARD_MSG.accountLocked(15)).toBe('Too many failed attempts on this account. Please try again in 15 minutes');
  });
});
