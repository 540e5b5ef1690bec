/** Where a shared clock keeps its offset (the database), so every process reads the same time. */
export type TClockStore = { load(): Promise<number>; save(offsetMs: number): Promise<void> };

/**
 * The one clock all server code reads. Tests and the sandbox may move it forward so that expiry and
 * scheduling can be seen without waiting. Shared (sandbox mode), its offset lives in the database:
 * a move made through one process is seen by every other within a couple of seconds.
 */
export class Clock {
  private offsetMs = 0;
  private store: TClockStore | null = null;
  private timer: NodeJS.Timeout | null = null;
  private loading: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves this process's clock (tests); a shared clock is moved with advanceShared. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  get offset(): number {
    return this.offsetMs;
  }

  setOffset(ms: number): void {
    this.offsetMs = ms;
  }

  /** Reads the shared offset now and every `refreshMs` after (the timer never keeps a process alive). */
  async share(store: TClockStore, refreshMs = 2000): Promise<void> {
    this.store = store;
    this.offsetMs = await store.load();
    this.timer = setInterval(() => {
      store.load().then(
        (offset) => {
          this.offsetMs = offset;
        },
        () => undefined,
      );
    }, refreshMs);
    this.timer.unref();
  }

  /**
   * Reads the shared offset now, when the clock is shared (a no-op otherwise). The job queue judges what is due by
   * the shared offset in the database, which a move made by another process reaches before this process's next
   * periodic read: a job is run only after this, so it never finds its target "not due yet". Callers at the same time
   * share one read, but never one that began before they asked (it may predate the move).
   */
  refresh(): Promise<void> {
    const store = this.store;
    if (!store) return Promise.resolve();
    if (!this.loading) {
      this.loading = store.load().then(
        (offset) => {
          if (this.store) this.offsetMs = offset;
        },
        () => undefined,
      );
      const done = this.loading;
      void done.then(() => {
        if (this.loading === done) this.loading = null;
      });
      return done;
    }
    if (!this.next)
      this.next = this.loading.then(() => {
        this.next = null;
        return this.refresh();
      });
    return this.next;
  }

  /** Moves the clock for every process that shares it. */
  async advanceShared(ms: number): Promise<void> {
    if (!this.store) return this.advance(ms);
    const offset = (await this.store.load()) + ms;
    await this.store.save(offset);
    this.offsetMs = offset;
  }

  /**
   * Moves the clock, for every process that shares it, to `ms` when it is behind it; never back. Setting the offset
   * (not adding to it) lets processes that start together do it at once: they write about the same offset.
   */
  async moveSharedForwardTo(ms: number): Promise<void> {
    const offset = this.store ? await this.store.load() : this.offsetMs;
    const wanted = ms - Date.now();
    if (offset >= wanted) return;
    if (this.store) await this.store.save(wanted);
    this.offsetMs = wanted;
  }

  stopSharing(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.store = null;
  }
}
