import { describe, expect, it } from 'vitest';
import { codeForStatus, ERROR_CODES, ERROR_KINDS, kindOf, statusOf, type TErrorCode } from './errors';

describe('error codes', () => {
  it('every code has a kind, and every kind one HTTP status', () => {
    for (const code of Object.keys(ERROR_CODES) as TErrorCode[]) {
      expect(ERROR_KINDS[kindOf(code)]).toBeTypeOf('number');
      expect(statusOf(code)).toBe(ERROR_KINDS[kindOf(code)]);
    }
  });

  it('a status without a code of its own gets the general code of its kind, whose status is that status', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 429, 500, 503]) expect(statusOf(codeForStatus(status))).toBe(status);
    expect(codeForStatus(422)).toBe('BAD_REQUEST');
    expect(codeForStatus(502)).toBe('INTERNAL');
  });
});
