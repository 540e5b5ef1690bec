import { z } from 'zod';
import { FREE_TEXT_MAX } from './limits';

export const DELETE_REMARKS_MAX = 100;
export const DELETE_REMARKS_REQUIRED = 'Please enter a reason';
export const DELETE_REMARKS_TOO_LONG = 'Reason must be at most 100 characters';
export const ACCOUNT_DELETED = 'Your account has been deleted successfully';
export const ACCOUNT_HAS_LINKED_ACCOUNTS = 'Please unlink your social media accounts before deleting your account';

/** Trims the delete reason and collapses inner runs of spaces. */
export const normalizeRemarks = (value: string): string => value.trim().replace(/\s+/g, ' ');

/**
 * The delete-account reason: required, up to 100 characters after trimming and collapsing spaces (and
 * at most FREE_TEXT_MAX as sent, so no unbounded text is normalised).
 */
export const zDeleteRemarks = z
  .string({ error: DELETE_REMARKS_REQUIRED })
  .max(FREE_TEXT_MAX, DELETE_REMARKS_TOO_LONG)
  .transform(normalizeRemarks)
  .pipe(z.string().min(1, DELETE_REMARKS_REQUIRED).max(DELETE_REMARKS_MAX, DELETE_REMARKS_TOO_LONG));
