import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  ACCOUNT_GUARD_MINUTES,
  ACCOUNT_MAX_CODES,
  ACCOUNT_MAX_FAILURES,
  EVENTS_TICKET_TTL_SECONDS,
  GUARD_MSG,
  MSG,
  minutesLeft,
  OTP_MAX_TRIES,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  otpResendWait,
  parseEmailPhone,
  parseIdentifier,
  REGISTRATION_OTP_RESEND_SECONDS,
  RESET_TICKET_TTL_SECONDS,
  SIGNUP_ATTEMPT_TTL_DAYS,
  type TAccountType,
  type TAuthResult,
  type TIdentifier,
  type TProfileType,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { AppError, badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../errors';
import { ChannelUnavailableError, type TMessenger } from '../../integrations/messenger';
import { newId } from '../../lib/ids';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TUserRow } from '../users/repository';
import type { TUsersService } from '../users/service';
import type { TGoogleVerifier } from './google';
import type { TAttemptRow, TAuthRepository, TOtpRow } from './repository';
import type { TTokenSigner } from './tokens';

export type TOtpPurpose = 'registration' | 'reset' | 'contact';
/** A live session: `role` is the account's type, ADMIN included (requireAuth and requireRole refuse an ADMIN). */
export type TAuthContext = { userId: string; sessionId: string; role: TAccountType; user: TUserRow };

type TDeps = {
  repo: TAuthRepository;
  /** Runs writes of several repositories as one transaction. */
  unitOfWork: TUnitOfWork;
  users: TUsersService;
  clock: Clock;
  tokens: TTokenSigner;
  /** Signs tickets (a live stream's): a key of their own, so a ticket is never an access token nor the reverse. */
  tickets: TTokenSigner;
  messenger: TMessenger;
  google: TGoogleVerifier | null;
  otpSecret: string;
  sessionTtlHours: number;
  log: { error(obj: object, msg: string): void };
};

const cooldownOf = (purpose: TOtpPurpose) => (purpose === 'registration' ? REGISTRATION_OTP_RESEND_SECONDS : OTP_RESEND_SECONDS);
const GUARD_MS = ACCOUNT_GUARD_MINUTES * 60_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A team member (sub-user): claimed only through their invitation, never by a sign-up. */
const isMember = (u: TUserRow) => u.profileType === 'BUSINESS_MANAGER' || !!u.businessId;
/** An admin: made on the command line or invited from the console, never by a sign-up, an OTP or Google. */
const isAdmin = (u: TUserRow) => u.profileType === 'ADMIN';
/** A brand: made by an admin, it claims the account through the invitation only, never by a sign-up or Google. */
const isBrand = (u: TUserRow) => u.profileType === 'BRANDS';
/** Accounts an admin makes (admins, brands): they set their password through the invitation link only. */
const isAdminMade = (u: TUserRow) => isAdmin(u) || isBrand(u);
/** How long an admin's session lasts, whatever the sessions of everyone else last. */
export const ADMIN_SESSION_HOURS = 12;
type TMeta = { ip?: string; userAgent?: string };

/** Sign-up, login (password and Google), OTP, password reset and change, sessions. */
export function createAuthService(deps: TDeps) {
  const { repo, users, clock, tokens, tickets, messenger, otpSecret, log, unitOfWork } = deps;

  const hashOtp = (target: string, code: string) => createHmac('sha256', otpSecret).update(`${target}:${code}`).digest('hex');
  const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  const isIdentifierVerified = (u: TUserRow) => (u.emailVerified && !!u.email) || (u.mobileVerified && !!u.phoneKey);

  /** A hash nobody's password matches: an unknown address costs the same argon2 work as a wrong password. */
  let dummy: Promise<string> | null = null;
  const burnPasswordCheck = async (password: string) => {
    dummy ??= hash(randomBytes(24).toString('base64'));
    await verify(await dummy, password);
  };

  /** Whether a pending team member may still claim their seat (an unused, unexpired invitation); set by the team module. */
  let memberMayClaim: (user: TUserRow) => Promise<boolean> = async () => false;

  // ── per-account guards ────────────────────────────────────────────────────────────────────────
  async function assertNotLocked(key: string, message: (minutes: number) => string = GUARD_MSG.accountLocked) {
    const g = await repo.guard(key);
    const now = clock.nowMs();
    if (g?.lockedUntil && g.lockedUntil.getTime() > now) {
      const retryAfterSeconds = Math.ceil((g.lockedUntil.getTime() - now) / 1000);
      throw tooMany(message(minutesLeft(g.lockedUntil.getTime(), now)), {
        retryAfterSeconds,
        resendAfterSeconds: retryAfterSeconds,
      });
    }
  }

  /** Tells the owner once, when their account gets locked, on a contact they verified. */
  async function noticeLock(owner: TUserRow) {
    const to = owner.emailVerified && owner.email ? { channel: 'email' as const, to: owner.email } : null;
    const sms = owner.mobileVerified && owner.phoneKey ? { channel: 'sms' as const, to: owner.phoneKey } : null;
    const target = to ?? sms;
    if (!target || !messenger.canSend(target.channel)) return;
    try {
      await messenger.send({
        ...target,
        subject: GUARD_MSG.lockNoticeSubject,
        body: GUARD_MSG.lockNotice(ACCOUNT_GUARD_MINUTES),
      });
    } catch (err) {
      log.error({ err: { message: (err as Error).message }, channel: target.channel }, 'lock notice not sent');
    }
  }

  /** One more failure on `key`; the failure that locks the account tells its owner. */
  async function recordFailure(key: string, owner: () => Promise<TUserRow | null>) {
    const row = await repo.hitGuard(key, clock.now(), GUARD_MS, ACCOUNT_MAX_FAILURES, GUARD_MS);
    if (row.count === ACCOUNT_MAX_FAILURES) {
      const user = await owner();
      if (user) await noticeLock(user);
    }
  }

  async function liveSession(sid: string, userId: string): Promise<TAuthContext | null> {
    const found = await repo.findSessionWithUser(sid);
    if (!found) return null;
    const { session, user } = found;
    if (session.revokedAt || session.expiresAt.getTime() <= clock.nowMs() || session.userId !== userId) return null;
    if (!user.userStatus) return null;
    // a team member works inside the business: a business deactivated (or closed) stops its team's sessions too
    if (found.businessOpen === false) return null;
    return { userId: user.id, sessionId: session.id, role: user.profileType as TAccountType, user };
  }

  /** A team member may sign in only while the business they work for is open (active and not closed). */
  async function assertBusinessOpen(user: TUserRow) {
    if (!user.businessId) return;
    const business = await users.findById(user.businessId);
    if (!business?.userStatus || business.deletedAt) throw forbidden(GUARD_MSG.businessInactive);
  }

  async function issueSession(user: TUserRow, meta: TMeta = {}): Promise<TAuthResult> {
    const now = clock.now();
    const hours = user.profileType === 'ADMIN' ? Math.min(ADMIN_SESSION_HOURS, deps.sessionTtlHours) : deps.sessionTtlHours;
    const expiresAt = new Date(now.getTime() + hours * 3_600_000);
    const sid = newId();
    await repo.insertSession({
      id: sid,
      userId: user.id,
      createdAt: now,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent ?? null,
    });
    const accessToken = await tokens.sign({ sub: user.id, sid, role: user.profileType }, now, expiresAt);
    return {
      accessToken,
      profileType: user.profileType as TAccountType,
      expiresAt: expiresAt.toISOString(),
      userData: await users.toDto(user),
    };
  }

  // ── OTPs ──────────────────────────────────────────────────────────────────────────────────────
  const unavailable = (kind: TIdentifier['kind']) =>
    new AppError(503, kind === 'email' ? GUARD_MSG.emailUnavailable : GUARD_MSG.smsUnavailable);

  /** Every check before a code is sent, writing nothing: a channel that can deliver, codes left, the resend countdown. */
  async function assertMaySend(target: TIdentifier, purpose: TOtpPurpose) {
    if (!messenger.canSend(target.kind === 'email' ? 'email' : 'sms')) throw unavailable(target.kind);
    await assertNotLocked(`codes:${target.key}`, GUARD_MSG.tooManyCodes);
    const last = await repo.latestOtp(target.key);
    // The countdown guards a resend of a code still waiting to be used; a used code leaves nothing to resend.
    const open = last && !last.consumedAt ? last : null;
    const wait = otpResendWait(open ? open.sentAt.getTime() : null, clock.nowMs(), cooldownOf(purpose));
    if (wait > 0) throw tooMany(MSG.otpWait(wait), { resendAfterSeconds: wait });
  }

  /** Stores and sends a fresh 4-digit OTP (checks done by assertMaySend); a code nobody received is dropped. */
  async function issueOtp(target: TIdentifier, purpose: TOtpPurpose, userId: string | null, attemptId: string | null = null) {
    const now = clock.now();
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const otpId = newId();
    await repo.replaceOtp({
      id: otpId,
      target: target.key,
      purpose,
      userId,
      attemptId,
      phoneCode: target.kind === 'phone' ? target.phoneCode : null,
      mobileNumber: target.kind === 'phone' ? target.mobileNumber : null,
      codeHash: hashOtp(target.key, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    });
    const body = `Your Virality verification code is ${code}. It expires in 10 minutes.`;
    try {
      await messenger.send(
        target.kind === 'email'
          ? { channel: 'email', to: target.email, subject: 'Your Virality verification code', body, secret: code }
          : { channel: 'sms', to: target.key, body, secret: code },
      );
    } catch (err) {
      // A code nobody received must not start the resend countdown.
      await repo.deleteOtp(otpId);
      if (err instanceof ChannelUnavailableError) throw unavailable(target.kind);
      log.error({ err: { message: (err as Error).message }, channel: target.kind }, 'OTP message not sent');
      throw new AppError(502, MSG.otpNotSent);
    }
    await repo.hitGuard(`codes:${target.key}`, now, GUARD_MS, ACCOUNT_MAX_CODES, GUARD_MS);
    return { emailPhone: target.key, resendAfterSeconds: cooldownOf(purpose), ...(attemptId ? { attemptId } : {}) };
  }

  async function sendOtp(target: TIdentifier, purpose: TOtpPurpose, userId: string | null, attemptId: string | null = null) {
    await assertMaySend(target, purpose);
    return issueOtp(target, purpose, userId, attemptId);
  }

  /** Email and mobile are locked once verified on an account. */
  const assertContactOpen = (user: TUserRow, key: string) => {
    const locked = key.startsWith('+') ? user.mobileVerified && !!user.phoneKey : user.emailVerified && !!user.email;
    if (locked) throw badRequest(MSG.contactLocked);
  };

  const identifierOf = (b: { email?: string | null; mobileNumber?: string | null; phoneCode?: string | null }): TIdentifier => {
    const r = parseIdentifier(b.email?.trim() ? b.email : b.mobileNumber, b.phoneCode);
    if (!r.ok) throw badRequest(r.message);
    return r.value;
  };

  /** A pending team member signs in by OTP only while their invitation is still good. */
  async function assertMemberMayClaim(user: TUserRow) {
    if (!(await memberMayClaim(user))) throw forbidden(GUARD_MSG.invitationExpired);
  }

  /**
   * The sign-up attempt a resend without a password belongs to: the one the client names, or the only
   * one there is. With several competing attempts a guess could hand one person's code to another's
   * password, so the caller is asked to sign up again.
   */
  async function attemptForResend(user: TUserRow, targetKey: string, requested: string | null | undefined) {
    const live = (await repo.liveAttempts(user.id, clock.now(), 10)).filter((a) => a.target === targetKey);
    if (requested) {
      const named = live.find((a) => a.id === requested);
      if (!named) throw badRequest(GUARD_MSG.signupExpired);
      return named.id;
    }
    if (live.length > 1) throw conflict(GUARD_MSG.signupAmbiguous);
    return live[0]?.id ?? null;
  }

  /**
   * Which password of an unverified account this is: the account's own (sign-ups before attempts
   * were kept apart) or one of its live sign-up attempts. undefined when none matches.
   */
  async function matchUnverified(user: TUserRow, password: string): Promise<{ attempt: TAttemptRow | null } | undefined> {
    const attempts = await repo.liveAttempts(user.id, clock.now(), 5);
    if (!user.passwordHash && attempts.length === 0) {
      await burnPasswordCheck(password);
      return undefined;
    }
    if (user.passwordHash && (await verify(user.passwordHash, password))) return { attempt: null };
    for (const a of attempts) if (await verify(a.passwordHash, password)) return { attempt: a };
    return undefined;
  }

  /** What a matching code does, by its purpose (verifyOtp). */
  async function redeem(otp: TOtpRow, key: string, guardKey: string, meta: TMeta) {
    const now = clock.now();
    const purpose = otp.purpose as TOtpPurpose;
    if (purpose === 'reset') {
      const ticket = randomBytes(32).toString('base64url');
      await repo.updateOtp(otp.id, { verifiedAt: now, resetTokenHash: sha256(ticket) });
      await repo.clearGuard(guardKey);
      return { purpose, resetToken: ticket };
    }
    if (purpose === 'contact') {
      if (!(await repo.consumeOtp(otp.id, now))) throw badRequest(MSG.otpExpired);
      await repo.clearGuard(guardKey);
      const target = otp.mobileNumber
        ? { phoneCode: otp.phoneCode!, mobileNumber: otp.mobileNumber, key: otp.target }
        : { email: otp.target };
      const row = await users.setVerifiedContact(otp.userId!, target);
      return { purpose, userData: await users.toDto(row) };
    }
    const user = await users.requireUser(otp.userId!);
    if (isMember(user)) await assertMemberMayClaim(user);
    const attempt = otp.attemptId ? await repo.findAttempt(otp.attemptId) : null;
    if (otp.attemptId && (!attempt || attempt.expiresAt.getTime() <= now.getTime())) throw badRequest(MSG.otpExpired);
    return unitOfWork(async () => {
      if (!(await repo.consumeOtp(otp.id, now))) throw badRequest(MSG.otpExpired);
      const verified = await users.activateContact(
        user.id,
        key.startsWith('+') ? 'phone' : 'email',
        attempt && !isMember(user) ? { passwordHash: attempt.passwordHash, profileType: attempt.profileType } : null,
      );
      await repo.updateOtp(otp.id, { verifiedAt: now });
      // The address is proven: every other attempt and code for it is void.
      await repo.deleteAttemptsOf(user.id);
      await repo.consumeOpenOtps(key, now);
      await repo.clearGuard(guardKey);
      return { purpose, ...(await issueSession(verified, meta)) };
    });
  }

  return {
    issueSession,

    /** The team module says whether a pending member's invitation still stands. */
    useMemberGate(fn: (user: TUserRow) => Promise<boolean>) {
      memberMayClaim = fn;
    },

    /**
     * POST user/create_user: a registration OTP (16 s resend) bound to this sign-up attempt. Nothing is
     * written before every check passed; the account's password and type are set only when the code
     * of this attempt is verified, so a second sign-up of someone's address changes nothing of theirs.
     */
    async signUp(body: {
      email?: string | null;
      mobileNumber?: string | null;
      phoneCode?: string | null;
      password: string;
      profileType: TProfileType;
    }) {
      const id = identifierOf(body);
      const existing = await users.findByKey(id.key);
      if (existing && isIdentifierVerified(existing)) throw conflict(MSG.accountExists);
      if (existing && (isMember(existing) || isAdminMade(existing))) throw conflict(GUARD_MSG.invitationWaiting);
      await assertMaySend(id, 'registration');
      const passwordHash = await hash(body.password);
      const user =
        existing ??
        (await users.createAccount(
          id.kind === 'email'
            ? { email: id.email, passwordHash: null, profileType: body.profileType, authType: 'LOCAL' }
            : {
                phoneCode: id.phoneCode,
                mobileNumber: id.mobileNumber,
                phoneKey: id.key,
                passwordHash: null,
                profileType: body.profileType,
                authType: 'LOCAL',
              },
        ));
      const now = clock.now();
      const attemptId = newId();
      await repo.insertAttempt({
        id: attemptId,
        userId: user.id,
        target: id.key,
        passwordHash,
        profileType: body.profileType,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SIGNUP_ATTEMPT_TTL_DAYS * 86_400_000),
      });
      try {
        const sent = await issueOtp(id, 'registration', user.id, attemptId);
        return { userId: user.id, ...sent, attemptId };
      } catch (err) {
        await repo.deleteAttempt(attemptId);
        throw err;
      }
    },

    /** POST user/userLogin: 10 failures in 15 minutes lock the account for 15 minutes, whatever the address. */
    async login(body: { emailPhone: string; password: string }, meta: TMeta) {
      const parsed = parseEmailPhone(body.emailPhone);
      if (!parsed.ok) throw badRequest(parsed.message);
      const user = await users.findByKey(parsed.key);
      const guardKey = `login:${user?.id ?? parsed.key}`;
      await assertNotLocked(guardKey);
      const fail = async (message: string = MSG.invalidCredentials) => {
        await recordFailure(guardKey, async () => user);
        return unauthorized(message);
      };
      if (!user) {
        await burnPasswordCheck(body.password);
        throw await fail();
      }
      if (!isIdentifierVerified(user)) {
        const match = await matchUnverified(user, body.password);
        if (!match) throw await fail();
        const target = parseIdentifier(
          parsed.key.startsWith('+') ? user.mobileNumber : user.email,
          parsed.key.startsWith('+') ? user.phoneCode : null,
        );
        let resendAfterSeconds = 0;
        const attemptId = match.attempt?.id ?? null;
        if (target.ok) {
          try {
            resendAfterSeconds = (await sendOtp(target.value, 'registration', user.id, attemptId)).resendAfterSeconds;
          } catch (e) {
            // Inside the countdown the last OTP still stands: tell the client how long until it may resend.
            if (!(e instanceof AppError && e.statusCode === 429)) throw e;
            resendAfterSeconds = (e.response as { resendAfterSeconds: number }).resendAfterSeconds;
          }
        }
        throw forbidden(MSG.accountNotVerified, {
          needsVerification: true,
          emailPhone: parsed.key,
          resendAfterSeconds,
          ...(attemptId ? { attemptId } : {}),
        });
      }
      if (!user.passwordHash) {
        await burnPasswordCheck(body.password);
        throw await fail(user.authType === 'GOOGLE' ? MSG.googleAccountNoPassword : MSG.invalidCredentials);
      }
      if (!(await verify(user.passwordHash, body.password))) throw await fail();
      await repo.clearGuard(guardKey);
      if (!user.userStatus) throw forbidden(MSG.accountInactive);
      await assertBusinessOpen(user);
      return issueSession(user, meta);
    },

    /** POST user/googleLogin: sign in with a Google ID token; sign-up with Google only for influencers. */
    async googleLogin(body: { email: string; credential: string; profileType?: TProfileType | null }, meta: TMeta) {
      if (!deps.google) throw new AppError(503, MSG.googleTokenInvalid);
      const identity = await deps.google(body.credential, clock.now());
      if (!identity) throw unauthorized(MSG.googleTokenInvalid);
      if (identity.email !== body.email.trim().toLowerCase()) throw unauthorized(MSG.googleEmailMismatch);
      let user = (await users.findByGoogleSub(identity.sub)) ?? (await users.findByKey(identity.email));
      // An admin signs in with the password only: a Google account never opens the console.
      if (user && isAdmin(user)) throw forbidden(isIdentifierVerified(user) ? MSG.forbidden : GUARD_MSG.invitationWaiting);
      // A pending team member claims the seat through the invitation, not by signing in with Google.
      if (user && (isMember(user) || isBrand(user)) && !isIdentifierVerified(user)) throw forbidden(GUARD_MSG.invitationWaiting);
      if (user && !user.googleSub && !isIdentifierVerified(user)) {
        // A sign-up nobody verified proves nothing: whoever chose its password may not own the address.
        // Google's proof wins, as a Google sign-up, and the unproven passwords are dropped.
        if (!body.profileType) throw notFound(MSG.googleNoAccount);
        if (body.profileType !== 'INFLUENCER') throw forbidden(MSG.googleSignupInfluencerOnly);
        const claimed = await users.claimWithGoogle(user, identity);
        await repo.deleteAttemptsOf(user.id);
        await repo.consumeOpenOtps(identity.email, clock.now());
        return issueSession(claimed, meta);
      }
      if (user) {
        if (!user.userStatus) throw forbidden(MSG.accountInactive);
        await assertBusinessOpen(user);
        if (!user.googleSub) user = await users.linkGoogle(user.id, identity);
        else if (!user.emailVerified) user = await users.markEmailVerified(user.id);
        return issueSession(user, meta);
      }
      if (!body.profileType) throw notFound(MSG.googleNoAccount);
      if (body.profileType !== 'INFLUENCER') throw forbidden(MSG.googleSignupInfluencerOnly);
      const created = await users.createAccount({
        email: identity.email,
        emailVerified: true,
        googleSub: identity.sub,
        authType: 'GOOGLE',
        profileType: 'INFLUENCER',
        name: identity.name,
        profileImage: identity.picture,
      });
      return issueSession(created, meta);
    },

    /**
     * POST otp/sendOtp and otp/resetOtp. The purpose follows from who owns the target: an unverified
     * sign-up → registration (bound to its attempt); a pending team member → OTP sign-in while the
     * invitation stands; an account → password reset; nobody, with a logged-in caller → a new contact
     * for that caller; nobody otherwise → 404.
     */
    async requestOtp(
      body: { email?: string | null; mobileNumber?: string | null; phoneCode?: string | null; attemptId?: string | null },
      auth: TAuthContext | null,
    ) {
      const id = identifierOf(body);
      const owner = await users.findByKey(id.key);
      if (owner) {
        if (auth && owner.id !== auth.userId) throw conflict(MSG.accountExists);
        if (!isIdentifierVerified(owner)) {
          // an invited admin or brand sets the password through the invitation link only
          if (isAdminMade(owner)) throw forbidden(GUARD_MSG.invitationWaiting);
          if (isMember(owner)) {
            await assertMemberMayClaim(owner);
            return sendOtp(id, 'registration', owner.id);
          }
          return sendOtp(id, 'registration', owner.id, await attemptForResend(owner, id.key, body.attemptId));
        }
        const ownsAsVerified = id.kind === 'email' ? owner.emailVerified : owner.mobileVerified;
        if (auth && !ownsAsVerified) return sendOtp(id, 'contact', auth.userId);
        // An admin's address is never sent a code: a lost password is replaced through a new one-time link (the
        // command line's admin:create for the address), so an inbox alone never opens the console.
        if (isAdmin(owner)) throw forbidden(GUARD_MSG.adminNoCode);
        // A Google account has no password to reset (it cannot change one).
        if (!owner.passwordHash) throw badRequest(MSG.googleAccountNoPassword);
        return sendOtp(id, 'reset', owner.id);
      }
      if (!auth) throw notFound(MSG.userNotFound);
      assertContactOpen(auth.user, id.key);
      return sendOtp(id, 'contact', auth.userId);
    },

    /**
     * POST otp/verifyOtp. Wrong codes count per code (5, then a new one is needed) and per account
     * (10 in 15 minutes lock it). A reset code gives a single-use reset ticket; a registration code
     * activates the password and type of its own sign-up attempt and no other.
     */
    async verifyOtp(body: { emailPhone: string; otp: string }, auth: TAuthContext | null, meta: TMeta) {
      const parsed = parseEmailPhone(body.emailPhone);
      if (!parsed.ok) throw badRequest(parsed.message);
      const now = clock.now();
      const open = await repo.openOtps(parsed.key, now);
      const latest = open[0] ?? null;
      if (latest?.purpose === 'contact') {
        // A contact OTP belongs to the session that asked for it; another user's session stays alive (403, not 401).
        if (!auth) throw unauthorized(MSG.unauthorized);
        if (auth.userId !== latest.userId) throw forbidden(MSG.forbidden);
        assertContactOpen(auth.user, parsed.key);
      }
      const guardKey = `otp:${latest?.userId ?? parsed.key}`;
      await assertNotLocked(guardKey);
      if (open.length === 0) throw badRequest(MSG.otpExpired);
      const usable = open.filter((o) => o.attempts < OTP_MAX_TRIES);
      if (usable.length === 0) throw badRequest(MSG.otpTooManyTries);
      const codeHash = hashOtp(parsed.key, body.otp);
      const otp = usable.find((o) => sameHash(o.codeHash, codeHash));
      if (!otp) {
        await repo.bumpOtpAttempts(usable.map((o) => o.id));
        await recordFailure(guardKey, async () => (latest?.userId ? users.findById(latest.userId) : null));
        throw badRequest(usable[0].attempts + 1 >= OTP_MAX_TRIES ? MSG.otpTooManyTries : MSG.otpWrong);
      }
      return redeem(otp, parsed.key, guardKey, meta);
    },

    /**
     * PUT user/resetPassword: only with the ticket verifyOtp returned for this address's reset code,
     * once, within 10 minutes of the verification. Ends every session and lifts a login lock.
     */
    async resetPassword(body: { emailPhone: string; newPassword: string; resetToken: string }) {
      const parsed = parseEmailPhone(body.emailPhone);
      if (!parsed.ok) throw badRequest(parsed.message);
      const now = clock.now();
      const otp = await repo.findByResetTicket(sha256(body.resetToken));
      const fresh = otp?.verifiedAt && otp.verifiedAt.getTime() + RESET_TICKET_TTL_SECONDS * 1000 > now.getTime();
      if (otp?.purpose !== 'reset' || otp.target !== parsed.key || otp.consumedAt || !fresh) throw badRequest(MSG.otpNotVerified);
      const user = otp.userId ? await users.findById(otp.userId) : null;
      if (!user) throw notFound(MSG.userNotFound);
      // a reset code sent before the account became an admin's (or by any other way) never sets an admin's password
      if (isAdmin(user)) throw forbidden(GUARD_MSG.adminNoCode);
      const passwordHash = await hash(body.newPassword);
      await unitOfWork(async () => {
        if (!(await repo.consumeOtp(otp.id, now))) throw badRequest(MSG.otpNotVerified);
        await users.setPasswordHash(user.id, passwordHash);
        await repo.revokeUserSessions(user.id, now);
        await repo.clearGuard(`login:${user.id}`);
      });
    },

    /** POST user/changePassword: the old password must match (10 wrong in 15 minutes lock it); other sessions end. */
    async changePassword(auth: TAuthContext, body: { oldPassword: string; newPassword: string }) {
      const user = await users.requireUser(auth.userId);
      if (!user.passwordHash) throw forbidden(MSG.googleAccountNoPassword);
      const guardKey = `password:${user.id}`;
      await assertNotLocked(guardKey);
      if (!(await verify(user.passwordHash, body.oldPassword))) {
        await recordFailure(guardKey, async () => user);
        throw badRequest(MSG.oldPasswordWrong);
      }
      const passwordHash = await hash(body.newPassword);
      await unitOfWork(async () => {
        await repo.clearGuard(guardKey);
        await users.setPasswordHash(user.id, passwordHash);
        await repo.revokeUserSessions(user.id, clock.now(), auth.sessionId);
      });
    },

    async logout(auth: TAuthContext) {
      await repo.revokeSession(auth.sessionId, clock.now());
    },

    /** Ends every session of a user at once (deactivation, deletion). */
    revokeAll: (userId: string) => repo.revokeUserSessions(userId, clock.now()),

    /** Reads the token of a request: valid signature, live session, active user; otherwise null. */
    async authenticate(token: string | null): Promise<TAuthContext | null> {
      if (!token) return null;
      const claims = await tokens.verify(token, clock.now());
      return claims ? liveSession(claims.sid, claims.sub) : null;
    },

    /** The session `sid` of user `userId` when it still works (not revoked, not expired, account active). */
    liveSession,

    /**
     * A short-lived ticket naming the caller's session, for a client that cannot send the access token
     * (a browser's EventSource sends no headers): it opens a live stream within EVENTS_TICKET_TTL_SECONDS,
     * and only while the session works. Each ticket has an id of its own (signed in it), by which the stream
     * uses it once.
     */
    async issueTicket(a: TAuthContext): Promise<{ ticket: string; expiresAt: string }> {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + EVENTS_TICKET_TTL_SECONDS * 1000);
      const jti = randomBytes(16).toString('base64url');
      const ticket = await tickets.sign({ sub: a.userId, sid: a.sessionId, role: a.role, jti }, now, expiresAt);
      return { ticket, expiresAt: expiresAt.toISOString() };
    },

    /**
     * The session a ticket names and the ticket's id, when the ticket is unexpired and the session still works.
     * The id is what was signed, never the ticket's text: one ticket may be spelled several ways that all verify.
     */
    async authenticateTicket(ticket: string): Promise<(TAuthContext & { ticketId: string }) | null> {
      const claims = await tickets.verify(ticket, clock.now());
      if (!claims?.jti) return null;
      const session = await liveSession(claims.sid, claims.sub);
      return session ? { ...session, ticketId: claims.jti } : null;
    },
  };
}
export type TAuthService = ReturnType<typeof createAuthService>;
