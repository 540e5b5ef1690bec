import {
  QUEUE_SCHEDULE_MSG,
  socialNetwork,
  sortSlots,
  type TQueueDefault,
  type TQueueSchedule,
  type TQueueSettings,
  type TSocialAccount,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { forbidden } from '../../errors';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext } from '../auth/service';
import type { TSocialAccountsService } from '../social-accounts/service';
import type { TQueueDefaultRow, TQueueRepository, TQueueScheduleRow } from './repository';

/** What the posts module does when accounts' schedules change: re-time their queued posts (inside the unit). */
export type TQueueChangedPort = (orgId: string, accountIds: string[]) => Promise<void>;

const isManager = (a: TAuthContext) => a.role === 'BUSINESS_MANAGER';

/**
 * Posting schedules: each linked account's weekly time slots, zone and pause, or the organization's default it
 * follows. Who may change an account's schedule is the team's Scheduler permission on that account; the default is
 * the owner's. A change re-times the account's queued posts in the same unit of work (the posts module's port).
 */
export function createQueueService(deps: {
  repo: TQueueRepository;
  social: Pick<TSocialAccountsService, 'list' | 'schedulingAccounts'>;
  unitOfWork: TUnitOfWork;
  clock: Clock;
}) {
  const { repo, social, unitOfWork, clock } = deps;
  let changed: TQueueChangedPort = async () => undefined;

  const shown = (
    acc: { id: string; network: string; userName: string },
    own: TQueueScheduleRow | undefined,
    fallback: TQueueDefaultRow | null,
  ): TQueueSchedule => ({
    accountId: acc.id,
    network: acc.network,
    name: acc.userName,
    timeZone: own?.timeZone ?? fallback?.timeZone ?? null,
    paused: own?.paused ?? false,
    slots: sortSlots(own?.slots ?? fallback?.slots ?? []),
    own: Boolean(own),
  });
  const defaultShown = (row: TQueueDefaultRow | null): TQueueDefault => ({
    timeZone: row?.timeZone ?? null,
    slots: sortSlots(row?.slots ?? []),
  });
  const accountOf = (s: TSocialAccount) => ({
    id: s.id,
    network: socialNetwork(s.SocialMediaID)?.key ?? '',
    userName: s.UserName,
  });

  async function scheduleOf(a: TAuthContext, accountId: string): Promise<TQueueSchedule> {
    const [acc] = await social.schedulingAccounts(a.user, [accountId]);
    const [own] = await repo.ofAccounts(a.user.orgId, [accountId]);
    return shown(acc, own, own ? null : await repo.defaultOf(a.user.orgId));
  }

  return {
    /** The posts module re-times queued posts when schedules change (called once, at start). */
    onChanged(port: TQueueChangedPort) {
      changed = port;
    },

    /**
     * The schedules of the accounts the caller sees, each its own or the default's, and the default. (The settings
     * the queue runs on, for the posts module: `settingsOf`.)
     */
    async schedules(a: TAuthContext): Promise<{ default: TQueueDefault; accounts: TQueueSchedule[] }> {
      const accounts = (await social.list(a, null)).map(accountOf);
      const [own, fallback] = await Promise.all([
        repo.ofAccounts(
          a.user.orgId,
          accounts.map((x) => x.id),
        ),
        repo.defaultOf(a.user.orgId),
      ]);
      const byId = new Map(own.map((r) => [r.accountId, r]));
      return { default: defaultShown(fallback), accounts: accounts.map((x) => shown(x, byId.get(x.id), fallback)) };
    },

    /** The settings each account's queue runs on (its own, or the default; null: no zone or slots yet). */
    async settingsOf(
      orgId: string,
      accountIds: readonly string[],
    ): Promise<Map<string, (TQueueSettings & { own: boolean }) | null>> {
      const [own, fallback] = await Promise.all([repo.ofAccounts(orgId, accountIds), repo.defaultOf(orgId)]);
      const byId = new Map(own.map((r) => [r.accountId, r]));
      const out = new Map<string, (TQueueSettings & { own: boolean }) | null>();
      for (const id of accountIds) {
        const row = byId.get(id);
        if (row) out.set(id, { timeZone: row.timeZone, paused: row.paused, slots: sortSlots(row.slots), own: true });
        else
          out.set(
            id,
            fallback ? { timeZone: fallback.timeZone, paused: false, slots: sortSlots(fallback.slots), own: false } : null,
          );
      }
      return out;
    },

    /** Holds these accounts' queues until the unit of work ends (in one order, so two holders never wait on each other). */
    async lockQueues(accountIds: readonly string[]): Promise<void> {
      for (const id of [...new Set(accountIds)].sort()) await repo.lockQueue(id);
    },

    /** An account's own schedule, written; its queued posts re-timed in the same unit. */
    async put(a: TAuthContext, accountId: string, settings: TQueueSettings): Promise<TQueueSchedule> {
      await social.schedulingAccounts(a.user, [accountId]);
      await unitOfWork(async () => {
        await repo.lockQueue(accountId);
        await repo.upsert({ accountId, orgId: a.user.orgId, ...settings, updatedAt: clock.now() });
        await changed(a.user.orgId, [accountId]);
      });
      return scheduleOf(a, accountId);
    },

    /** Back to the default: the account's own schedule removed (its pause too). */
    async reset(a: TAuthContext, accountId: string): Promise<TQueueSchedule> {
      await social.schedulingAccounts(a.user, [accountId]);
      await unitOfWork(async () => {
        await repo.lockQueue(accountId);
        await repo.remove(a.user.orgId, accountId);
        await changed(a.user.orgId, [accountId]);
      });
      return scheduleOf(a, accountId);
    },

    /** One account's zone and slots given to others (each keeps its own pause). */
    async copy(a: TAuthContext, fromId: string, toIds: string[]): Promise<TQueueSchedule[]> {
      const targets = [...new Set(toIds.filter((id) => id !== fromId))];
      const from = await scheduleOf(a, fromId);
      await social.schedulingAccounts(a.user, targets);
      const kept = new Map((await repo.ofAccounts(a.user.orgId, targets)).map((r) => [r.accountId, r]));
      await unitOfWork(async () => {
        for (const id of [...targets].sort()) {
          await repo.lockQueue(id);
          await repo.upsert({
            accountId: id,
            orgId: a.user.orgId,
            timeZone: from.timeZone ?? 'UTC',
            paused: kept.get(id)?.paused ?? false,
            slots: from.slots,
            updatedAt: clock.now(),
          });
        }
        await changed(a.user.orgId, targets);
      });
      return Promise.all(targets.map((id) => scheduleOf(a, id)));
    },

    /** The organization's default (the owner's to set): accounts that follow it are re-timed. */
    async putDefault(a: TAuthContext, settings: Pick<TQueueSettings, 'timeZone' | 'slots'>): Promise<TQueueDefault> {
      if (isManager(a)) throw forbidden(QUEUE_SCHEDULE_MSG.ownersOnly);
      const accounts = (await social.list(a, null)).map((s) => s.id);
      await unitOfWork(async () => {
        await repo.upsertDefault({
          orgId: a.user.orgId,
          timeZone: settings.timeZone,
          slots: settings.slots,
          updatedAt: clock.now(),
        });
        const own = new Set((await repo.ofAccounts(a.user.orgId, accounts)).map((r) => r.accountId));
        const following = accounts.filter((id) => !own.has(id));
        if (following.length) await changed(a.user.orgId, following);
      });
      return defaultShown(await repo.defaultOf(a.user.orgId));
    },
  };
}
export type TQueueService = ReturnType<typeof createQueueService>;
