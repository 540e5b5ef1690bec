import { randomBytes } from 'node:crypto';

/** A new opaque id: 24 hex characters (the shape existing clients already store). */
export const newId = (): string => randomBytes(12).toString('hex');
