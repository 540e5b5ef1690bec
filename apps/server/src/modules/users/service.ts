import { hash } from '@node-rs/argon2';
import {
  accountDetailsFields,
  accountDetailsIssues,
  addressIssues,
  INDUSTRIES,
  imageUrlIssue,
  isBackgroundColor,
  MSG,
  ownUploadPrefix,
  phoneKey,
  profileIssues,
  type TProfileFields,
  type TProfileType,
  type TUser,
  zInterestSelection,
  zProfileFields,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { TStorage } from '../../integrations/storage';
import { newId } from '../../lib/ids';
import type { TInterestsService } from '../interests/service';
import type { TLocationService } from '../location/service';
import type { TSubscriptionsService } from '../subscriptions/service';
import { toUserDto } from './dto';
import type { TNewUser, TUserRow, TUsersRepository } from './repository';

/** Form order: the first message of a 400 is the one nearest the top of the form. */
const FIELD_ORDER = Object.keys(zProfileFields.shape);
const rank = (field: string) => {
  const i = FIELD_ORDER.indexOf(field);
  return i < 0 ? FIELD_ORDER.length : i;
};

const fail = (issues: Record<string, string>) => {
  const ordered = Object.fromEntries(Object.entries(issues).sort(([a], [b]) => rank(a) - rank(b)));
  const [first] = Object.values(ordered);
  return badRequest(first, { errors: ordered });
};

/** Fields of the Account Details form a client may leave out: a missing one keeps the saved value. */
const KEPT_WHEN_ABSENT = [
  'name',
  'userName',
  'pronouns',
  'gender',
  'dateOfBirth',
  'industryType',
  'companySize',
  'numOfInflunecer',
] as const;

type TDeps = {
  repo: TUsersRepository;
  clock: Clock;
  subscriptions: TSubscriptionsService;
  location: TLocationService;
  interests: TInterestsService;
  storage: TStorage;
  /** The server's public URL: its own uploads (`${publicUrl}/uploads/`) are accepted as image URLs. */
  publicUrl: string;
};

/** Accounts and profiles: the rules for profile, address, username and interests. */
export function createUsersService(deps: TDeps) {
  const { repo, clock, subscriptions, location, interests, storage } = deps;
  const uploadPrefix = ownUploadPrefix(deps.publicUrl);

  /** Other modules add their fields to the user every client reads (team: businessRoleId, businessId). */
  const extensions: ((row: TUserRow) => Promise<Partial<TUser>>)[] = [];
  const toDto = async (row: TUserRow): Promise<TUser> => {
    const base = toUserDto(row, await subscriptions.detailsFor(row.id));
    for (const extend of extensions) Object.assign(base, await extend(row));
    return base;
  };

  async function requireUser(id: string): Promise<TUserRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound(MSG.userNotFound);
    return row;
  }

  /** The caller may only act on their own record through the `?userId=` calls. */
  function assertSelf(authUserId: string, userId: string | undefined) {
    if (userId && userId !== authUserId) throw forbidden(MSG.forbidden);
  }

  async function userNameIssue(userName: string | null | undefined, userId: string): Promise<string | null> {
    if (!userName) return null;
    return (await repo.userNameTaken(userName.toLowerCase(), userId)) ? MSG.userNameTaken : null;
  }

  const ownedByAnother = async (key: string, userId: string) => {
    const other = await repo.findAnyByKey(key);
    return !!other && other.id !== userId;
  };

  /**
   * Works out the contact changes: an e-mail or mobile the account has verified stays; a new one is
   * saved only once verified by OTP (verifyOtp), so it is reported as pending. A field that already
   * has a format issue is not looked at again.
   */
  async function contactChanges(user: TUserRow, input: TProfileFields, locked: boolean, known: Record<string, string>) {
    const pending: ('email' | 'mobileNumber')[] = [];
    const issues: Record<string, string> = {};
    const email = input.email?.trim().toLowerCase() || null;
    if (email && !known.email && email !== user.email) {
      if (user.email && (user.emailVerified || locked)) issues.email = MSG.contactLocked;
      else if (await ownedByAnother(email, user.id)) issues.email = MSG.accountExists;
      else pending.push('email');
    }
    const mobile = input.mobileNumber?.trim() || null;
    if (mobile && !known.mobileNumber && !known.phoneCode) {
      const key = phoneKey((input.phoneCode ?? '').replace(/^\+/, ''), mobile);
      if (key !== user.phoneKey) {
        if (user.phoneKey && (user.mobileVerified || locked)) issues.mobileNumber = MSG.contactLocked;
        else if (await ownedByAnother(key, user.id)) issues.mobileNumber = MSG.accountExists;
        else pending.push('mobileNumber');
      }
    }
    return { pending, issues };
  }

  /**
   * The profile image must be an https:// address or one of our own uploads (the saved image, sent back
   * unchanged by a form, is not judged again); the background colour a hex colour.
   */
  function appearanceIssues(user: TUserRow, input: TProfileFields, issues: Record<string, string>) {
    const image = input.profileImage === user.profileImage ? null : imageUrlIssue(input.profileImage, uploadPrefix);
    if (image) issues.profileImage ??= image;
    if (input.backgroundColor != null && !isBackgroundColor(input.backgroundColor)) {
      issues.backgroundColor ??= MSG.backgroundColorInvalid;
    }
  }

  /** The format rules, then the rules that need the database (username taken, contact changes), as one map. */
  async function checkProfile(user: TUserRow, effective: TProfileFields, issues: Record<string, string>, locked: boolean) {
    appearanceIssues(user, effective, issues);
    const taken = issues.userName ? null : await userNameIssue(effective.userName, user.id);
    if (taken) issues.userName = taken;
    const contact = await contactChanges(user, effective, locked, issues);
    Object.assign(issues, contact.issues);
    if (Object.keys(issues).length) throw fail(issues);
    return contact.pending;
  }

  function profilePatch(input: TProfileFields, profileType: TProfileType): Partial<TNewUser> {
    const patch: Partial<TNewUser> = {
      name: input.name?.trim() ?? null,
      userName: input.userName ?? null,
      userNameLower: input.userName ? input.userName.toLowerCase() : null,
      pronouns: input.pronouns ?? null,
      gender: input.gender ?? null,
      dateOfBirth: input.dateOfBirth ?? null,
      updatedAt: clock.now(),
    };
    if (input.profileImage !== undefined) patch.profileImage = input.profileImage;
    if (input.backgroundColor !== undefined) patch.backgroundColor = input.backgroundColor;
    if (input.paypalId !== undefined) patch.paypalId = input.paypalId || null;
    if (accountDetailsFields(profileType).business) {
      patch.industryType = input.industryType ?? null;
      patch.companySize = input.companySize ?? null;
    } else if (profileType === 'INFLUENCER' && input.companySize != null) patch.companySize = input.companySize;
    if (profileType === 'IMC') {
      if (input.numOfInflunecer !== undefined) patch.numOfInflunecer = input.numOfInflunecer;
      if (input.companyName !== undefined) patch.companyName = input.companyName;
    }
    return patch;
  }

  return {
    toDto,
    extendDto(fn: (row: TUserRow) => Promise<Partial<TUser>>) {
      extensions.push(fn);
    },
    requireUser,
    assertSelf,
    findById: (id: string) => repo.findById(id),
    findByKey: (key: string) => repo.findByKey(key),
    findByGoogleSub: (sub: string) => repo.findByGoogleSub(sub),

    /** Creates an account and the organization it owns. */
    async createAccount(fields: Omit<TNewUser, 'id' | 'orgId' | 'createdAt' | 'updatedAt'>): Promise<TUserRow> {
      const now = clock.now();
      const id = newId();
      return repo.createWithOrg({ ...fields, id, orgId: newId(), createdAt: now, updatedAt: now }, fields.name ?? null);
    },

    /** PUT user/updateUser (registration profile step). */
    async updateRegistrationProfile(authUserId: string, userId: string | undefined, input: TProfileFields) {
      assertSelf(authUserId, userId);
      const user = await requireUser(authUserId);
      const profileType = user.profileType as TProfileType;
      const loc = profileType === 'INFLUENCER' ? null : location.resolve(input);
      const effective: TProfileFields = {
        ...input,
        email: input.email?.trim() || user.email,
        mobileNumber: input.mobileNumber?.trim() || user.mobileNumber,
        phoneCode: input.mobileNumber?.trim() ? input.phoneCode : user.phoneCode,
        ...(loc ? { country: loc.country, state: loc.state, city: loc.city } : {}),
      };
      const issues = profileIssues(effective, {
        profileType,
        today: clock.now(),
        registration: true,
        location: loc ? { statesExist: loc.statesExist, citiesExist: loc.citiesExist } : undefined,
        industries: INDUSTRIES,
      });
      const pending = await checkProfile(user, effective, issues, false);
      const patch = profilePatch(effective, profileType);
      if (loc) {
        Object.assign(patch, {
          country: loc.country,
          state: loc.state ?? 'N/A',
          city: loc.city ?? 'N/A',
          addressLine: effective.addressLine,
          pinCode: effective.pinCode?.toUpperCase(),
        });
      }
      const row = await repo.update(user.id, patch);
      return { result: await toDto(row), pendingVerification: pending };
    },

    /** PUT user/updateUser with {interested}: at least 3, completes the registration. */
    async completeInterests(authUserId: string, userId: string | undefined, interested: unknown) {
      assertSelf(authUserId, userId);
      const parsed = zInterestSelection.safeParse(interested);
      if (!parsed.success) {
        // an id longer than any we have, or too many of them: no interest we know
        const unknown = parsed.error.issues.some((i) => i.message === MSG.interestsUnknown);
        const message = unknown ? MSG.interestsUnknown : MSG.interestsMin;
        throw badRequest(message, { errors: { interested: message } });
      }
      const ids = [...new Set(parsed.data)];
      if ((await interests.unknownIds(ids)).length) throw badRequest(MSG.interestsUnknown);
      const user = await requireUser(authUserId);
      if (!user.name || !user.userName) throw badRequest(MSG.completeRegistration);
      const row = await repo.update(user.id, { interested: ids, profileCompleted: true, updatedAt: clock.now() });
      return { result: await toDto(row), pendingVerification: [] };
    },

    /** PUT user/updateProfile (Account Details): e-mail and mobile are locked once set. */
    async updateAccountDetails(authUserId: string, input: TProfileFields) {
      const user = await requireUser(authUserId);
      const profileType = user.profileType as TProfileType;
      const kept = Object.fromEntries(KEPT_WHEN_ABSENT.filter((k) => input[k] === undefined).map((k) => [k, user[k]]));
      const effective: TProfileFields = {
        ...input,
        ...kept,
        email: input.email?.trim() || user.email,
        mobileNumber: input.mobileNumber?.trim() || user.mobileNumber,
        phoneCode: input.mobileNumber?.trim() ? input.phoneCode : user.phoneCode,
      };
      const issues = accountDetailsIssues(effective, { profileType, today: clock.now(), industries: INDUSTRIES });
      const pending = await checkProfile(user, effective, issues, true);
      const patch = profilePatch(effective, profileType);
      if (profileType === 'IMC') delete patch.companyName; // company name is read-only
      const row = await repo.update(user.id, patch);
      return { result: await toDto(row), pendingVerification: pending };
    },

    /** PUT user/updateAddress: state and city saved as N/A when the place has none. */
    async updateAddress(
      authUserId: string,
      input: {
        addressLine?: string | null;
        city?: string | null;
        state?: string | null;
        pinCode?: string | null;
        country?: string | null;
      },
    ) {
      const user = await requireUser(authUserId);
      const loc = location.resolve(input);
      const issues = addressIssues(
        { ...input, country: loc.country, state: loc.state, city: loc.city },
        { statesExist: loc.statesExist, citiesExist: loc.citiesExist },
      );
      if (Object.keys(issues).length) throw fail(issues);
      const row = await repo.update(user.id, {
        country: loc.country,
        state: loc.state ?? 'N/A',
        city: loc.city ?? 'N/A',
        addressLine: input.addressLine!,
        pinCode: input.pinCode!.toUpperCase(),
        updatedAt: clock.now(),
      });
      return toDto(row);
    },

    /** Username availability with up to four free suggestions; `exceptUserId`'s own name counts as free. */
    async checkUserName(userName: string, exceptUserId: string) {
      const lower = userName.toLowerCase();
      const isExist = await repo.userNameTaken(lower, exceptUserId);
      if (!isExist) return { isExist: false, genData: [] as string[] };
      const base = userName.replace(/\s+/g, '').slice(0, 14) || 'user';
      const year = clock.now().getUTCFullYear();
      const candidates = new Set<string>([`${base}_${year % 100}`, `${base}.official`, `the.${base}`, `${base}${year}`]);
      while (candidates.size < 10) candidates.add(`${base}${Math.floor(100 + Math.random() * 9900)}`);
      const valid = [...candidates].filter((c) => c.length <= 20);
      const taken = await repo.takenUserNames(valid.map((c) => c.toLowerCase()));
      return { isExist: true, genData: valid.filter((c) => !taken.has(c.toLowerCase())).slice(0, 4) };
    },

    /** user/addUserOnSphDatabase: gives the user its id on the social-posting side, once. */
    async syncToSph(authUserId: string, userId: string | undefined) {
      assertSelf(authUserId, userId);
      let user = await requireUser(authUserId);
      if (!user.sphUserId) user = await repo.update(user.id, { sphUserId: newId(), updatedAt: clock.now() });
      return { orgId: user.orgId, sphUserId: user.sphUserId! };
    },

    /** Stores a profile image (already size-checked and sniffed) and sets it on the user. */
    /** Stores an image for someone's profile without assigning it (a business preparing a sub-user's photo). */
    storeProfileImage: (ownerId: string, bytes: Buffer, ext: string, mime: string) =>
      storage.put(`profile/${ownerId}-${newId()}.${ext}`, bytes, mime),

    async setProfileImage(authUserId: string, bytes: Buffer, ext: string, mime: string) {
      const user = await requireUser(authUserId);
      const url = await storage.put(`profile/${user.id}-${newId()}.${ext}`, bytes, mime);
      await repo.update(user.id, { profileImage: url, updatedAt: clock.now() });
      return url;
    },

    async addFreeTier(authUserId: string, userId: string | undefined) {
      assertSelf(authUserId, userId);
      const user = await requireUser(authUserId);
      return subscriptions.addFreeTier(user);
    },

    /** Marks a verified contact (e-mail or phone key) on the user after its OTP was verified. */
    async setVerifiedContact(
      userId: string,
      target: { email: string } | { phoneCode: string; mobileNumber: string; key: string },
    ) {
      const other = await repo.findAnyByKey('email' in target ? target.email : target.key);
      if (other && other.id !== userId) throw conflict(MSG.accountExists);
      const patch: Partial<TNewUser> =
        'email' in target
          ? { email: target.email, emailVerified: true }
          : { phoneCode: target.phoneCode, mobileNumber: target.mobileNumber, phoneKey: target.key, mobileVerified: true };
      return repo.update(userId, { ...patch, updatedAt: clock.now() });
    },

    /** A team member (BUSINESS_MANAGER) in the business's organization, profile complete, no password until invited. */
    async createMember(m: {
      orgId: string;
      businessId: string;
      roleId: string;
      name: string;
      userName: string;
      email: string;
      phoneCode: string;
      mobileNumber: string;
      dateOfBirth: string;
      gender: string;
      profileImage: string | null;
      backgroundColor: string | null;
    }): Promise<TUserRow> {
      if (await repo.findAnyByKey(m.email)) throw badRequest(MSG.accountExists, { errors: { email: MSG.accountExists } });
      const key = phoneKey(m.phoneCode, m.mobileNumber);
      if (await repo.findAnyByKey(key)) throw badRequest(MSG.accountExists, { errors: { mobileNumber: MSG.accountExists } });
      const taken = await userNameIssue(m.userName, '');
      if (taken) throw badRequest(taken, { errors: { userName: taken } });
      const now = clock.now();
      return repo.insert({
        ...m,
        id: newId(),
        phoneKey: key,
        userNameLower: m.userName.toLowerCase(),
        profileType: 'BUSINESS_MANAGER',
        authType: 'LOCAL',
        profileCompleted: true,
        createdAt: now,
        updatedAt: now,
      });
    },

    /** Updates a team member's profile and role (e-mail never changes here). */
    async updateMember(
      id: string,
      m: Pick<
        TNewUser,
        | 'roleId'
        | 'name'
        | 'userName'
        | 'phoneCode'
        | 'mobileNumber'
        | 'dateOfBirth'
        | 'gender'
        | 'profileImage'
        | 'backgroundColor'
      >,
    ): Promise<TUserRow> {
      const taken = await userNameIssue(m.userName, id);
      if (taken) throw badRequest(taken, { errors: { userName: taken } });
      const key = phoneKey(m.phoneCode!, m.mobileNumber!);
      const other = await repo.findAnyByKey(key);
      if (other && other.id !== id) throw badRequest(MSG.accountExists, { errors: { mobileNumber: MSG.accountExists } });
      return repo.update(id, { ...m, phoneKey: key, userNameLower: m.userName!.toLowerCase(), updatedAt: clock.now() });
    },

    // The only writes other modules may make to an account, each named for what it means.

    /** A code sent to the address was verified: it is marked verified, and a sign-up's password and type take effect. */
    activateContact(id: string, kind: 'email' | 'phone', signup: { passwordHash: string; profileType: string } | null) {
      return repo.update(id, {
        ...(kind === 'phone' ? { mobileVerified: true } : { emailVerified: true }),
        ...(signup ? { passwordHash: signup.passwordHash, profileType: signup.profileType } : {}),
        updatedAt: clock.now(),
      });
    },

    /** Google proved the address of a sign-up nobody verified: it becomes a Google influencer account, unproven passwords dropped. */
    claimWithGoogle(user: TUserRow, identity: { email: string; sub: string; name: string | null; picture: string | null }) {
      return repo.update(user.id, {
        email: identity.email,
        emailVerified: true,
        googleSub: identity.sub,
        passwordHash: null,
        authType: 'GOOGLE',
        profileType: 'INFLUENCER',
        name: user.name ?? identity.name,
        profileImage: user.profileImage ?? identity.picture,
        updatedAt: clock.now(),
      });
    },

    /** Links a Google account to an existing account of the same (now proven) address. */
    linkGoogle(id: string, identity: { email: string; sub: string }) {
      return repo.update(id, { googleSub: identity.sub, email: identity.email, emailVerified: true, updatedAt: clock.now() });
    },

    markEmailVerified: (id: string) => repo.update(id, { emailVerified: true, updatedAt: clock.now() }),

    /** Sets an argon2 hash already made by the caller (auth hashes before any write). */
    setPasswordHash: (id: string, passwordHash: string) => repo.update(id, { passwordHash, updatedAt: clock.now() }),

    /** A paid plan became active for this account (recorded from the card processor's webhook). */
    markPaid: (id: string) => repo.update(id, { paymentStatus: true, updatedAt: clock.now() }),

    /** Activates or deactivates an account (a business's sub-user); sessions are the caller's to end. */
    setActive: (id: string, active: boolean) => repo.update(id, { userStatus: active, updatedAt: clock.now() }),

    /** A sub-user's invitation was used: the password is set and the invited e-mail counts as verified, in one write. */
    /** An invitation's password is set: the address it reached (the e-mail, or the mobile of a brand) is proven. */
    async acceptInvitation(id: string, password: string, proven: 'email' | 'phone' = 'email') {
      await repo.update(id, {
        passwordHash: await hash(password),
        ...(proven === 'email' ? { emailVerified: true } : { mobileVerified: true }),
        updatedAt: clock.now(),
      });
    },

    async setPassword(id: string, password: string) {
      await repo.update(id, { passwordHash: await hash(password), updatedAt: clock.now() });
    },

    /** Closes an account: kept with its reason; e-mail, phone, Google id and username are freed. */
    async closeAccount(id: string, remarks: string) {
      await repo.update(id, {
        deletedAt: clock.now(),
        deletionRemarks: remarks,
        email: null,
        phoneKey: null,
        googleSub: null,
        userNameLower: null,
        userStatus: false,
        updatedAt: clock.now(),
      });
    },
  };
}
export type TUsersService = ReturnType<typeof createUsersService>;
