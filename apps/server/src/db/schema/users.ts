import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
    orgId: text('org_id').notNull(),
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
    userStatus: boolean('user_status').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
    deletionRemarks: text('deletion_remarks'),
    /** For BUSINESS_MANAGER: the business owner who added them, and their role. */
    businessId: text('business_id'),
    roleId: text('role_id'),
  },
  (t) => [
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
    userId: text('user_id').notNull(),
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
    userId: text('user_id'),
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
  (t) => [index('otps_target_idx').on(t.target, t.sentAt), uniqueIndex('otps_reset_token_uq').on(t.resetTokenHash)],
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
    userId: text('user_id').notNull(),
    target: text('target').notNull(),
    passwordHash: text('password_hash').notNull(),
    profileType: text('profile_type').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('signup_attempts_user_idx').on(t.userId, t.createdAt)],
);

/** Failures counted per account (login, old password, OTP) and codes sent per address; a lock ends at lockedUntil. */
export const accountGuards = pgTable('account_guards', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: ts('window_ends_at').notNull(),
  lockedUntil: ts('locked_until'),
});

export const subscriptions = pgTable('subscriptions', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().unique(),
  planType: text('plan_type').notNull(),
  planStatus: text('plan_status').notNull(),
  subscriptionVerify: boolean('subscription_verify').notNull().default(true),
  postLimit: integer('post_limit'),
  postCount: integer('post_count').notNull().default(0),
  planStartDate: ts('plan_start_date').notNull(),
  planEndDate: ts('plan_end_date').notNull(),
  createdAt: ts('created_at').notNull(),
});
