import { describe, expect, it } from 'vitest';
import { DELETE_REMARKS_REQUIRED, DELETE_REMARKS_TOO_LONG, normalizeRemarks, zDeleteRemarks } from './account';

describe('delete-account reason (required, up to 100 chars, trimmed and collapsed)', () => {
  it('trims and collapses spaces', () => {
    expect(normalizeRemarks('  too   many   posts  ')).toBe('too many posts');
    expect(zDeleteRemarks.parse('  moving   on ')).toBe('moving on');
  });
  it('is required', () => {
    expect(zDeleteRemarks.safeParse('   ').error?.issues[0].message).toBe(DELETE_REMARKS_REQUIRED);
  });
  it('allows 100 characters and refuses 101 (counted after collapsing)', () => {
    expect(zDeleteRemarks.safeParse('a'.repeat(100)).success).toBe(true);
    expect(zDeleteRemarks.safeParse('a'.repeat(101)).error?.issues[0].message).toBe(DELETE_REMARKS_TOO_LONG);
    expect(zDeleteRemarks.safeParse(`${'a'.repeat(50)}      ${'b'.repeat(49)}`).success).toBe(true);
  });
});
