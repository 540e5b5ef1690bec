import { and, count, desc, eq, ilike, isNotNull, isNull, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { sessions, socialAccounts, subscriptions, users } from '../../db/schema';

/** A row of the console's account lists: the user with the plan, the networks linked and the last login. */
export type TAccountListRow = {
  id: string;
  name: string | null;
  userName: string | null;
  email: string | null;
  phoneCode: string | null;
  mobileNumber: string | null;
  profileType: string;
  userStatus: boolean;
  emailVerified: boolean;
  passwordSet: boolean;
  deletedAt: Date | null;
  createdAt: Date;
  planType: string | null;
  planStatus: string | null;
  planEndDate: Date | null;
  networks: string[];
  lastLoginAt: Date | null;
};

/** `text` as a LIKE pattern matching itself anywhere: its wildcards are escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The console's reads of accounts (every organization's, which no other module reads): search, plans, linked
 * networks by name, last login. Writes go through the users and auth services.
 */
export function createAccountsRepository(db: TDb) {
  const lastLogin = db
    .select({ userId: sessions.userId, at: max(sessions.createdAt).as('last_login_at') })
    .from(sessions)
    .groupBy(sessions.userId)
    .as('last_login');
  const networks = sql<
    string[]
  >`coalesce((select array_agg(distinct ${socialAccounts.network} order by ${socialAccounts.network}) from ${socialAccounts} where ${socialAccounts.orgId} = ${users.orgId}), '{}')`;

  const columns = {
    id: users.id,
    name: users.name,
    userName: users.userName,
    email: users.email,
    phoneCode: users.phoneCode,
    mobileNumber: users.mobileNumber,
    profileType: users.profileType,
    userStatus: users.userStatus,
    emailVerified: users.emailVerified,
    passwordSet: sql<boolean>`${users.passwordHash} is not null`,
    deletedAt: users.deletedAt,
    createdAt: users.createdAt,
    planType: subscriptions.planType,
    planStatus: subscriptions.planStatus,
    planEndDate: subscriptions.planEndDate,
    networks,
    lastLoginAt: lastLogin.at,
  };

  const select = (where: SQL | undefined) =>
    db
      .select(columns)
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .leftJoin(lastLogin, eq(lastLogin.userId, users.id))
      .where(where);

  /**
   * Every account but the admins (or only those of `profileType`), matching `q` in its e-mail, phone (digits), name
   * or username.
   */
  const accountsMatching = (q: string | null, profileType?: string): SQL | undefined => {
    const kind = profileType ? eq(users.profileType, profileType) : ne(users.profileType, 'ADMIN');
    if (!q) return kind;
    const digits = q.replace(/[^\d]/g, '');
    return and(
      kind,
      or(
        ilike(users.email, contains(q)),
        ilike(users.name, contains(q)),
        ilike(users.userName, contains(q)),
        digits.length >= 3 ? ilike(users.phoneKey, contains(digits)) : undefined,
      ),
    );
  };

  return {
    /** A page of the accounts (every type but ADMIN, or only `profileType`) matching `q`, newest first. */
    async pageAccounts(
      q: string | null,
      page: number,
      size: number,
      profileType?: string,
    ): Promise<{ rows: TAccountListRow[]; total: number }> {
      const where = accountsMatching(q, profileType);
      const [{ total }] = await db.select({ total: count() }).from(users).where(where);
      const rows = await select(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(size)
        .offset((page - 1) * size);
      return { rows: rows as TAccountListRow[], total };
    },
    async account(id: string): Promise<TAccountListRow | null> {
      const [row] = await select(eq(users.id, id)).limit(1);
      return (row as TAccountListRow | undefined) ?? null;
    },
    async admins(): Promise<TAccountListRow[]> {
      const rows = await select(eq(users.profileType, 'ADMIN')).orderBy(desc(users.createdAt), desc(users.id));
      return rows as TAccountListRow[];
    },
    /**
     * How many admins may log in now: active, not closed, with their password set. Inside a unit of work the admins'
     * rows are locked first, so two units changing admins at once count one after the other.
     */
    async activeAdminCount(): Promise<number> {
      await db.select({ id: users.id }).from(users).where(eq(users.profileType, 'ADMIN')).for('update');
      const [{ n }] = await db
        .select({ n: count() })
        .from(users)
        .where(
          and(eq(users.profileType, 'ADMIN'), eq(users.userStatus, true), isNull(users.deletedAt), isNotNull(users.passwordHash)),
        );
      return n;
    },
    async anyAdmin(): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.profileType, 'ADMIN')).limit(1);
      return !!row;
    },
  };
}
export type TAccountsRepository = ReturnType<typeof createAccountsRepository>;
