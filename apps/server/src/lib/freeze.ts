/**
 * Freezes a value and everything it holds: an answer kept and handed to many callers can then never be changed by
 * one of them (and its serialized bytes, kept beside it, stay true).
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
  return value;
}
