import { z } from 'zod';
import { ACCOUNT_TYPES, PROFILE_TYPES } from '../enums';

export const zAddress = z.object({
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pinCode: z.string().nullable(),
  country: z.string().nullable(),
});

export const zSubscriptionDetails = z.object({
  planType: z.string(),
  planStatus: z.string(),
  subscriptionVerify: z.boolean(),
  postLimit: z.number().nullable(),
  postCount: z.number(),
  planStartDate: z.string().nullable(),
  planEndDate: z.string().nullable(),
  bufferEndDate: z.string().nullable(),
});

/** subscriptionStatus: the plan runs (ACTIVE), or it has ended or was stopped (EXPIRED). */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'EXPIRED'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The user as every client reads it. */
export const zUser = z.object({
  _id: z.string(),
  sphUserId: z.string().nullable(),
  orgId: z.string().nullable(),
  name: z.string().nullable(),
  userName: z.string().nullable(),
  profileImage: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  profileType: z.enum(PROFILE_TYPES),
  profileCompleted: z.boolean(),
  authType: z.string(),
  paymentStatus: z.boolean(),
  viralityLevel: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  mobileNumber: z.string().nullable(),
  phoneCode: z.string().nullable(),
  mobileVerified: z.boolean(),
  gender: z.string().nullable(),
  pronouns: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  industryType: z.string().nullable(),
  companySize: z.number().nullable(),
  companyName: z.string().nullable(),
  numOfInflunecer: z.number().nullable(),
  associatedIMCCode: z.string().nullable(),
  paypalId: z.string().nullable(),
  /** The payment wallet: what brands paid, less what is withdrawn or on its way (USD, 2 decimals). */
  paymentWallet: z.object({ amount: z.number(), currency: z.literal('USD') }),
  address: zAddress,
  companyAddress: z.string().nullable(),
  interested: z.array(z.string()),
  socialLinks: z.record(z.string(), z.array(z.unknown())),
  subscriptionDetails: zSubscriptionDetails.nullable(),
  /** ACTIVE while the plan runs, EXPIRED once it has ended (its end date passed) or stopped; null: no plan ever. */
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  totalPoints: z.number(),
  userStatus: z.boolean(),
  createdAt: z.string(),
  /** BUSINESS_MANAGER only: the business that added them and their role with its permissions. */
  businessId: z.object({ _id: z.string() }).nullable().optional(),
  businessRoleId: z
    .object({
      _id: z.string(),
      roleName: z.string(),
      status: z.boolean(),
      permission: z.array(
        z.object({
          accountId: z.string(),
          accountType: z.string(),
          access: z.boolean(),
          moduleAccess: z.object({ Post: z.boolean(), Analytics: z.boolean(), Scheduler: z.boolean() }),
        }),
      ),
    })
    .nullable()
    .optional(),
});
export type TUser = z.infer<typeof zUser>;

/** What login, Google login and a registration OTP verification return. */
export const zAuthResult = z.object({
  accessToken: z.string(),
  /** ADMIN too: an operator logs in like everyone and is sent to the console. */
  profileType: z.enum(ACCOUNT_TYPES),
  expiresAt: z.string(),
  userData: zUser.extend({ profileType: z.enum(ACCOUNT_TYPES) }),
});
export type TAuthResult = z.infer<typeof zAuthResult>;
