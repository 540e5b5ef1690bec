import { AsyncLocalStorage } from 'node:async_hooks';
import type { TDb } from '../db/client';

export type TUnitOfWork = <T>(work: () => Promise<T>) => Promise<T>;

/** Runs plain SQL on a connection: the shape pg-boss accepts to send a job through someone else's connection. */
export type TSqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

type TRawClient = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** The driver's client under a drizzle database or transaction (a pg pool or pool client, PGlite or its transaction). */
const rawClientOf = (db: TDb): TRawClient => (db as unknown as { session: { client: TRawClient } }).session.client;

/**
 * Repositories get `db`, a stand-in for the database that runs each query in the transaction of the
 * unit of work it was called from, if any. `unitOfWork(work)` runs `work` in one transaction: every
 * repository write inside it (of any module) commits or fails together. A unit inside a unit joins it.
 */
export function transactional(database: TDb): { db: TDb; unitOfWork: TUnitOfWork; executor: () => TSqlExecutor } {
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
  // The connection of the unit of work in progress, or the database's own outside one: a job sent through it
  // is part of the unit (it exists only if the unit commits).
  const executor = (): TSqlExecutor => {
    const client = rawClientOf(active.getStore() ?? database);
    return { executeSql: (text, values) => client.query(text, values) };
  };
  return { db, unitOfWork, executor };
}
