/**
 * Many callers' small writes (or reads) done as one, as a group commit does: each caller hands one item and waits
 * for its own answer; items handed in the same turn of the event loop, or while a batch is being written, go
 * together in the next one (up to `max`), so a quiet process writes each item at once, alone, and a busy one writes
 * many per transaction and statement.
 *
 * A batch that fails is written again item by item (`runBatch` with one item each): one item's fault (a deadlock
 * with another process, a constraint) never fails the others, and each caller gets its own answer or its own
 * error. `runBatch` must therefore write all of a batch or none of it (one transaction), so that nothing is written
 * twice when it is retried alone.
 *
 * A batch runs in the asynchronous context of the caller that started it: callers must not be inside a unit of
 * work (it would join that caller's transaction).
 */
export function batched<I, O>(opts: {
  /** Writes the items, all or none, answering one result per item in their order. */
  runBatch: (items: I[]) => Promise<O[]>;
  /** The most items one batch carries. */
  max: number;
  /** How many batches may be written at once (each on its own connection). */
  parallel?: number;
  /** Told when a batch failed and is written again item by item (for logs). */
  onSplit?: (err: unknown, size: number) => void;
}): (item: I) => Promise<O> {
  type TWaiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  const parallel = opts.parallel ?? 1;
  const waiting: TWaiting[] = [];
  let running = 0;
  let planned = false;

  const writeAlone = async (w: TWaiting) => {
    try {
      const [out] = await opts.runBatch([w.item]);
      w.resolve(out);
    } catch (err) {
      w.reject(err);
    }
  };

  const write = async (batch: TWaiting[]) => {
    try {
      const out = await opts.runBatch(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        w.resolve(out[i]);
      });
    } catch (err) {
      if (batch.length === 1) batch[0].reject(err);
      else {
        opts.onSplit?.(err, batch.length);
        await Promise.all(batch.map(writeAlone));
      }
    }
  };

  const drain = () => {
    planned = false;
    while (running < parallel && waiting.length > 0) {
      const batch = waiting.splice(0, opts.max);
      running++;
      void write(batch).finally(() => {
        running--;
        drain();
      });
    }
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      // those handed in the same turn of the event loop (a fetch of many jobs started at once) go together
      if (!planned && running < parallel) {
        planned = true;
        setImmediate(drain);
      }
    });
}
