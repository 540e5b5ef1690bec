import { z } from 'zod';
import { MSG } from '../messages';
import { ID_MAX, LIST_MAX } from './limits';

export const MIN_INTERESTS = 3;

/** At least three interest ids; an id over ID_MAX, or more than LIST_MAX of them, is no interest we have. */
export const zInterestSelection = z
  .array(z.string().min(1).max(ID_MAX, MSG.interestsUnknown), { error: MSG.interestsMin })
  .max(LIST_MAX, MSG.interestsUnknown)
  .refine((ids) => new Set(ids).size >= MIN_INTERESTS, MSG.interestsMin);
