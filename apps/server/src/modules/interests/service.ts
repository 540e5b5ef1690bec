import { INTERESTS } from '@virality/domain';
import type { createInterestsRepository } from './repository';

/** The interests list, seeded from the domain's content niches on start. */
export function createInterestsService(repo: ReturnType<typeof createInterestsRepository>) {
  return {
    seed: () => repo.insertMissing(INTERESTS.map((i, position) => ({ id: i.id, value: i.value, position }))),
    all: () => repo.all(),
    async unknownIds(ids: string[]): Promise<string[]> {
      const known = new Set((await repo.all()).map((i) => i.id));
      return ids.filter((id) => !known.has(id));
    },
  };
}
export type TInterestsService = ReturnType<typeof createInterestsService>;
