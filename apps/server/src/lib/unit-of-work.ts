import { AsyncLocalStorage } from 'node:async_hooks';
import type { TDb } from '../db/client';

/** Runs plain SQL on a connection: the shape pg-boss accepts to send a job through someone else's connection. */
export type TSqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** When a job may start: a moment of the product's clock, or a number of seconds from its now. */
export type TEnqueueOptions = {
  startAfter?: Date | number;
  singletonKey?: string;
  retryLimit?: number;
  retryDelay?: number;
  /** Taken before jobs of a lower priority (0 by default) that are due too. */
  priority?: number;
};

/** Sends a job to a queue; null when the queue's policy refused it (a stately queue already holding one). */
export type TEnqueue = (queue: string, data: object, options?: TEnqueueOptions) => Promise<string | null>;

/** What a unit of work offers the work it runs. */
export type TUnit = {
  /** Sends a job inside the unit: it exists only if the unit commits. */
  enqueue: TEnqueue;
};

export type TUnitOfWork = <T>(work: (unit: TUnit) => Promise<T>) => Promise<T>;

type TRawClient = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** The driver's client under a drizzle database or transaction (a pg pool or pool client, PGlite or its transaction). */
const rawClientOf = (db: TDb): TRawClient => (db as unknown as { session: { client: TRawClient } }).session.client;

/** Sends a job through the given connection (jobs/sender.ts makes one from pg-boss). */
export type TJobSend = (db: TSqlExecutor, queue: string, data: object, options?: TEnqueueOptions) => Promise<string | null>;
/** Cancels a waiting job through the given connection. */
export type TJobCancelThrough = (db: TSqlExecutor, queue: string, id: string) => Promise<void>;
/** Cancels a waiting job; inside a unit of work it is cancelled only if the unit commits. */
export type TCancelJob = (queue: string, id: string) => Promise<void>;

const noQueue: TJobSend = async (_db, queue) => {
  throw new Error(`No job queue in this process: cannot send a job to ${queue}`);
};

/**
 * Repositories get `db`, a stand-in for the database that runs each query in the transaction of the
 * unit of work it was called from, if any. `unitOfWork(work)` runs `work` in one transaction: every
 * repository write inside it (of any module) commits or fails together, and so does every job it sends
 * with `unit.enqueue` (or `enqueue`, which joins the unit in progress). A unit inside a unit joins it.
 * `send` puts a job on the queue through a given connection; `sendJobs` sets it once the job queue runs.
 */
export function transactional(database: TDb) {
  const active = new AsyncLocalStorage<TDb>();
  // work no caller waits on (a job's): set while it runs
  const unanswered = new AsyncLocalStorage<true>();
  // what runs once the unit in progress has committed (never when it fails), by its transaction
  const afterCommitOf = new WeakMap<object, (() => void | Promise<void>)[]>();
  // what the unit in progress has already done once (onceInUnit), by its transaction
  const doneInUnit = new WeakMap<object, Set<string>>();
  let send: TJobSend = noQueue;
  let cancelThrough: TJobCancelThrough = async (_db, queue) => {
    throw new Error(`No job queue in this process: cannot cancel a job of ${queue}`);
  };
  const db = new Proxy(database, {
    get(target, prop) {
      const current = active.getStore() ?? target;
      const value = Reflect.get(current, prop, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
  // The connection of the unit of work in progress, or the database's own outside one: a job sent through it
  // is part of the unit (it exists only if the unit commits).
  const executor = (): TSqlExecutor => {
    const client = rawClientOf(active.getStore() ?? database);
    return { executeSql: (text, values) => client.query(text, values) };
  };
  const enqueue: TEnqueue = (queue, data, options) => send(executor(), queue, data, options);
  const cancelJob: TCancelJob = (queue, id) => cancelThrough(executor(), queue, id);
  const unit: TUnit = { enqueue };
  const unitOfWork: TUnitOfWork = async (work) => {
    if (active.getStore()) return work(unit);
    const after: (() => void | Promise<void>)[] = [];
    const result = await database.transaction((tx) => {
      afterCommitOf.set(tx, after);
      return active.run(tx as unknown as TDb, () => work(unit));
    });
    for (const fn of after) await fn();
    return result;
  };
  return {
    db,
    unitOfWork,
    executor,
    enqueue,
    cancelJob,
    /**
     * Runs `fn` as work whose end no caller waits on (a job, a watcher): the changes it writes are announced to
     * every process when they commit, without waiting for each process to confirm them (changes.ts).
     */
    unanswered: <T>(fn: () => Promise<T>): Promise<T> => unanswered.run(true, fn),
    /** Whether a caller waits on the work in progress to see its changes everywhere (false inside `unanswered`). */
    callerWaits: () => unanswered.getStore() !== true,
    /** A unit of work is in progress here: what is read may not be committed yet. */
    inUnit: () => active.getStore() !== undefined,
    /**
     * Runs `fn` once the unit in progress commits (never if it fails), before the unit's caller goes on;
     * at once outside a unit.
     */
    async afterCommit(fn: () => void | Promise<void>) {
      const tx = active.getStore();
      const list = tx ? afterCommitOf.get(tx) : undefined;
      if (list) list.push(fn);
      else await fn();
    },
    /**
     * True the first time `key` is asked for inside the unit in progress, false after (always true outside a
     * unit): for what a unit needs to do once however many of its writes ask for it (one change notice per row).
     */
    onceInUnit(key: string): boolean {
      const tx = active.getStore();
      if (!tx) return true;
      const seen = doneInUnit.get(tx) ?? new Set<string>();
      doneInUnit.set(tx, seen);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
    /** Connects the unit of work to the job queue (done once, when the queue has started). */
    sendJobs(through: TJobSend, cancel?: TJobCancelThrough) {
      send = through;
      if (cancel) cancelThrough = cancel;
    },
  };
}
export type TTransactional = ReturnType<typeof transactional>;
