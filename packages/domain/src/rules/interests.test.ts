import { describe, expect, it } from 'vitest';
import { INTERESTS } from '../data/interests';
import { MIN_INTERESTS, zInterestSelection } from './interests';

const MSG_MIN = 'Please select 3 or more areas of your choice';
const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0].message;

describe('zInterestSelection', () => {
  it('needs at least 3', () => {
    expect(MIN_INTERESTS).toBe(3);
  });
  it('accepts 3 or more distinct interests', () => {
    const ids = INTERESTS.map((i) => i.id);
    expect(zInterestSelection.safeParse(ids.slice(0, 3)).success).toBe(true);
    expect(zInterestSelection.safeParse(ids.slice(0, 4)).success).toBe(true);
    expect(zInterestSelection.safeParse(ids).success).toBe(true);
  });
  it(`says '${MSG_MIN}' for fewer than 3`, () => {
    expect(first(zInterestSelection.safeParse([]))).toBe(MSG_MIN);
    expect(first(zInterestSelection.safeParse(['fashion']))).toBe(MSG_MIN);
    expect(first(zInterestSelection.safeParse(['fashion', 'travel']))).toBe(MSG_MIN);
  });
  it('counts distinct ids only', () => {
    expect(first(zInterestSelection.safeParse(['fashion', 'fashion', 'travel']))).toBe(MSG_MIN);
    expect(first(zInterestSelection.safeParse(['tech', 'tech', 'tech', 'tech']))).toBe(MSG_MIN);
  });
  it(`says '${MSG_MIN}' when the selection is missing or not a list`, () => {
    expect(first(zInterestSelection.safeParse(undefined))).toBe(MSG_MIN);
    expect(first(zInterestSelection.safeParse('fashion,travel,food'))).toBe(MSG_MIN);
  });
  it('refuses empty ids', () => {
    expect(zInterestSelection.safeParse(['fashion', 'travel', '']).success).toBe(false);
  });
});
