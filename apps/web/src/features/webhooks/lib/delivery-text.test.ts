import { describe, expect, it } from 'vitest';
import { attemptsText, lastAnswerText, nextTryText } from './delivery-text';

const now = new Date('2026-12-01T10:00:00.000Z');
const inSeconds = (s: number) => new Date(now.getTime() + s * 1000).toISOString();

describe('the delivery log’s words', () => {
  it('says when the next try is, rounded up to the minute, then in hours', () => {
    expect(nextTryText(null, now)).toBeNull();
    expect(nextTryText(inSeconds(-5), now)).toBe('Next try any moment now');
    expect(nextTryText(inSeconds(20), now)).toBe('Next try in under a minute');
    expect(nextTryText(inSeconds(60), now)).toBe('Next try in 1 min');
    expect(nextTryText(inSeconds(4 * 60 + 1), now)).toBe('Next try in 5 min');
    expect(nextTryText(inSeconds(120 * 60), now)).toBe('Next try in 2 h');
    expect(nextTryText(inSeconds(24 * 3600), now)).toBe('Next try in 24 h');
  });

  it('counts attempts and names the last answer, or its absence', () => {
    expect(attemptsText(1)).toBe('1 attempt');
    expect(attemptsText(8)).toBe('8 attempts');
    expect(lastAnswerText({ attempts: 1, lastStatus: 503, lastError: null })).toBe('HTTP 503');
    expect(lastAnswerText({ attempts: 2, lastStatus: null, lastError: 'timeout' })).toBe('No answer');
    expect(lastAnswerText({ attempts: 0, lastStatus: null, lastError: null })).toBeNull();
  });
});
