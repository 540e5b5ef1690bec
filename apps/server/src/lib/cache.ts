import type { TChanges, TChangeTopic } from './changes';

export type TCacheOptions<V> = {
  /** How long an entry may be served at most, even if no change is heard (milliseconds). */
  ttlMs: number;
  /** How many entries are kept; the oldest is forgotten first. */
  max: number;
  /**
   * What an entry weighs (in any unit, e.g. the posts an answer holds), and how much may be kept in all: the oldest
   * entries are forgotten until what is kept weighs no more (an entry heavier than that alone is not kept).
   */
  weigh?(value: V): number;
  maxWeight?: number;
  /** The rows an entry was read from: a change of any of them forgets it. */
  tags(value: V): [TChangeTopic, string][];
  /**
   * The rows whose change would end a miss of `key` (the row that would appear). Without it a miss (null)
   * is never kept.
   */
  missTags?(key: string): [TChangeTopic, string][];
  /**
   * Topics whose changes name a row inside a group, `group.row` (a post: `orgId.postId`): a change of the row
   * also forgets the entries tagged with its group ([topic, group]), e.g. an organization's counts.
   */
  grouped?: TChangeTopic[];
};

/**
 * A read-through cache of rows, kept right by the change feed (lib/changes): an entry is forgotten as soon
 * as a change of a row it was read from is heard, in this process or (through PostgreSQL) in another one.
 * It serves nothing while the feed is not live, inside a unit of work (its reads may not be committed), or
 * when a change was heard while its row was being read (that read may predate the change). A miss (null)
 * is kept only when the cache is told which change would end it (missTags). Times are the machine's, not the
 * product's clock: they bound how long a row is trusted. A key names what its load reads: callers asking for a key
 * while it is being loaded, with no change heard since the load began, wait for that load instead of their own.
 */
export function createCache<V>(changes: TChanges, opts: TCacheOptions<V>) {
  const entries = new Map<string, { value: V | null; tags: string[]; until: number; weight: number }>();
  let weight = 0;
  const byTag = new Map<string, Set<string>>();
  // the loads in flight by key, with the epoch they started in: a caller arriving meanwhile, with no change heard
  // since, waits for the same load instead of reading the same rows again (a burst after a change reads them once)
  const loading = new Map<string, { epoch: number; value: Promise<V | null> }>();
  let epoch = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };
  const forgetAll = () => {
    epoch++;
    entries.clear();
    byTag.clear();
    weight = 0;
  };
  changes.listen(
    (topic, id) => {
      epoch++;
      const keys = byTag.get(`${topic}:${id}`);
      if (keys) for (const key of [...keys]) drop(key);
      const dot = id.indexOf('.');
      if (dot > 0 && opts.grouped?.includes(topic)) {
        const inGroup = byTag.get(`${topic}:${id.slice(0, dot)}`);
        if (inGroup) for (const key of [...inGroup]) drop(key);
      }
    },
    forgetAll,
    { early: true },
  );

  /** Keeps what a load read, when it may be trusted (no change heard while it was read); answers it either way. */
  const keep = (key: string, value: V | null, seen: number, now: number): V | null => {
    if (seen !== epoch || !changes.live()) return value;
    if (value === null && !opts.missTags) return value;
    drop(key);
    const heavy = value === null || !opts.weigh ? 0 : opts.weigh(value);
    const most = opts.maxWeight ?? Number.POSITIVE_INFINITY;
    if (heavy > most) return value;
    while (entries.size > 0 && (entries.size >= opts.max || weight + heavy > most)) drop(entries.keys().next().value as string);
    const tags = (value === null ? (opts.missTags?.(key) ?? []) : opts.tags(value)).map(([topic, id]) => `${topic}:${id}`);
    entries.set(key, { value, tags, until: now + opts.ttlMs, weight: heavy });
    weight += heavy;
    for (const tag of tags) {
      const keys = byTag.get(tag) ?? new Set<string>();
      byTag.set(tag, keys);
      keys.add(key);
    }
    return value;
  };

  return {
    /** The value of `key`: from the cache when it may be trusted, else from `load` (kept when it may be). */
    async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
      const usable = changes.live() && !changes.inUnit();
      if (!usable) return load();
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (hit) drop(key);
      const flight = loading.get(key);
      if (flight && flight.epoch === epoch) return flight.value;
      const seen = epoch;
      const value = load();
      loading.set(key, { epoch: seen, value });
      try {
        return keep(key, await value, seen, now);
      } finally {
        if (loading.get(key)?.value === value) loading.delete(key);
      }
    },
    size: () => entries.size,
    clear: forgetAll,
  };
}
export type TCache<V> = ReturnType<typeof createCache<V>>;
