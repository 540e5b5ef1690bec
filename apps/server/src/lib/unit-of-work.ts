import { AsyncLocalStorage } from 'node:async_hooks';
import type { TDb } from '../db/client';

export type TUnitOfWork = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Repositories get `db`, a stand-in for the database that runs each query in the transaction of the
 * unit of work it was called from, if any. `unitOfWork(work)` runs `work` in one transaction: every
 * repository write inside it (of any module) commits or fails together. A unit inside a unit joins it.
 */
export function transactional(database: TDb): { db: TDb; unitOfWork: TUnitOfWork } {
  const active = new AsyncLocalStorage<TDb>();
  const db = new Proxy(database, {
    get(target, prop) {
      const current = active.getStore() ?? target;
      const value = Reflect.get(current, prop, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
  const unitOfWork: TUnitOfWork = (work) =>
    active.getStore() ? work() : database.transaction((tx) => active.run(tx as unknown as TDb, work));
  return { db, unitOfWork };
}
