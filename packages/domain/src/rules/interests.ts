import { z } from 'zod';
import { MSG } from '../messages';

export const MIN_INTERESTS = 3;

export const zInterestSelection = z
  .array(z.string().min(1), { error: MSG.interestsMin })
  .refine((ids) => new Set(ids).size >= MIN_INTERESTS, MSG.interestsMin);
