import { ACCOUNT_TYPES, AUTH_TYPES, PROFILE_TYPES } from '@virality/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roles } from './team';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** `column IN ('a', 'b', …)`: a closed set of values, stated in the schema (the values are constants of ours). */
export const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`);
/**
 * Accounts are closed, never deleted (their rows stay for the records); what belongs to one goes with it if
 * it ever is (`cascade`), and a reference that may outlive its target is cleared (`set null`).
 */
const byUser = { onDelete: 'cascade' } as const;

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  ownerUserId: text('owner_user_id').notNull(),
  name: text('name'),
  createdAt: ts('created_at').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    // the organization row is written first, in the same transaction (createWithOrg)
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id),
    sphUserId: text('sph_user_id'),
    profileType: text('profile_type').notNull(),
    authType: text('auth_type').notNull().default('LOCAL'),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneCode: text('phone_code'),
    mobileNumber: text('mobile_number'),
    phoneKey: text('phone_key'),
    mobileVerified: boolean('mobile_verified').notNull().default(false),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    name: text('name'),
    userName: text('user_name'),
    userNameLower: text('user_name_lower'),
    profileImage: text('profile_image'),
    backgroundColor: text('background_color'),
    pronouns: text('pronouns'),
    gender: text('gender'),
    dateOfBirth: text('date_of_birth'),
    industryType: text('industry_type'),
    companySize: integer('company_size'),
    companyName: text('company_name'),
    numOfInflunecer: integer('num_of_influencer'),
    associatedIMCCode: text('associated_imc_code'),
    paypalId: text('paypal_id'),
    addressLine: text('address_line'),
    city: text('city'),
    state: text('state'),
    pinCode: text('pin_code'),
    country: text('country'),
    companyAddress: text('company_address'),
    interested: jsonb('interested').$type<string[]>().notNull().default([]),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    paymentStatus: boolean('payment_status').notNull().default(false),
    viralityLevel: text('virality_level').notNull().default('Maker'),
    totalPoints: integer('total_points').notNull().default(0),
    /**
     * The payment wallet's balance in US cents: what brands paid the user, less what is withdrawn or in flight.
     * Only ever changed together with the ledger entries that explain it (money/repository.ts).
     */
    walletMinor: integer('wallet_minor').notNull().default(0),
    /** When the user last reached `viralityLevel` by their points: a level reached is held for 12 months from then. */
    levelReachedAt: ts('level_reached_at'),
    userStatus: boolean('user_status').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
    deletionRemarks: text('deletion_remarks'),
    /** For BUSINESS_MANAGER: the business owner who added them, and their role. */
    businessId: text('business_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    roleId: text('role_id').references((): AnyPgColumn => roles.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('users_profile_type_ck', oneOf('profile_type', ACCOUNT_TYPES)),
    check('users_auth_type_ck', oneOf('auth_type', AUTH_TYPES)),
    check('users_total_points_ck', sql`total_points >= 0`),
    check('users_wallet_minor_ck', sql`wallet_minor >= 0`),
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_phone_key_uq').on(t.phoneKey),
    uniqueIndex('users_google_sub_uq').on(t.googleSub),
    uniqueIndex('users_user_name_lower_uq').on(t.userNameLower),
    index('users_org_idx').on(t.orgId),
    index('users_business_idx').on(t.businessId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, byUser),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const otps = pgTable(
  'otps',
  {
    id: text('id').primaryKey(),
    target: text('target').notNull(),
    purpose: text('purpose').notNull(),
    userId: text('user_id').references(() => users.id, byUser),
    phoneCode: text('phone_code'),
    mobileNumber: text('mobile_number'),
    codeHash: text('code_hash').notNull(),
    sentAt: ts('sent_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: ts('verified_at'),
    consumedAt: ts('consumed_at'),
    /** A registration OTP activates the password of this sign-up attempt, and no other. */
    attemptId: text('attempt_id'),
    /** A verified reset OTP hands out one ticket; resetPassword must bring it back (kept hashed). */
    resetTokenHash: text('reset_token_hash'),
  },
  (t) => [
    index('otps_target_idx').on(t.target, t.sentAt),
    uniqueIndex('otps_reset_token_uq').on(t.resetTokenHash),
    check('otps_purpose_ck', oneOf('purpose', ['registration', 'reset', 'contact'])),
    check('otps_attempts_ck', sql`attempts >= 0`),
  ],
);

/**
 * One sign-up of an address nobody has verified yet: its password and profile type wait here until
 * the OTP sent for this attempt is verified, so a second sign-up of the same address never changes
 * what the first one's code activates.
 */
export const signupAttempts = pgTable(
  'signup_attempts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, byUser),
    target: text('target').notNull(),
    passwordHash: text('password_hash').notNull(),
    profileType: text('profile_type').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('signup_attempts_user_idx').on(t.userId, t.createdAt),
    check('signup_attempts_profile_type_ck', oneOf('profile_type', PROFILE_TYPES)),
  ],
);

/** Failures counted per account (login, old password, OTP) and codes sent per address; a lock ends at lockedUntil. */
export const accountGuards = pgTable(
  'account_guards',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: ts('window_ends_at').notNull(),
    lockedUntil: ts('locked_until'),
  },
  () => [check('account_guards_count_ck', sql`count >= 0`)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, byUser),
    planType: text('plan_type').notNull(),
    planStatus: text('plan_status').notNull(),
    subscriptionVerify: boolean('subscription_verify').notNull().default(true),
    postLimit: integer('post_limit'),
    postCount: integer('post_count').notNull().default(0),
    planStartDate: ts('plan_start_date').notNull(),
    planEndDate: ts('plan_end_date').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  () => [check('subscriptions_post_count_ck', sql`post_count >= 0`)],
);
