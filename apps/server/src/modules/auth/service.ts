import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  MSG,
  OTP_MAX_TRIES,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  otpResendWait,
  parseEmailPhone,
  parseIdentifier,
  REGISTRATION_OTP_RESEND_SECONDS,
  type TAuthResult,
  type TIdentifier,
  type TProfileType,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { AppError, badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../errors';
import type { TMessenger } from '../../integrations/messenger';
import { newId } from '../../lib/ids';
import type { TUserRow } from '../users/repository';
import type { TUsersService } from '../users/service';
import type { TGoogleVerifier } from './google';
import type { TAuthRepository, TOtpRow } from './repository';
import type { TTokenSigner } from './tokens';

export type TOtpPurpose = 'registration' | 'reset' | 'contact';
export type TAuthContext = { userId: string; sessionId: string; role: TProfileType; user: TUserRow };

type TDeps = {
  repo: TAuthRepository;
  users: TUsersService;
  clock: Clock;
  tokens: TTokenSigner;
  messenger: TMessenger;
  google: TGoogleVerifier | null;
  otpSecret: string;
  sessionTtlHours: number;
  log: { error(obj: object, msg: string): void };
};

const cooldownOf = (purpose: TOtpPurpose) => (purpose === 'registration' ? REGISTRATION_OTP_RESEND_SECONDS : OTP_RESEND_SECONDS);

/** Sign-up, login (password and Google), OTP, password reset and change, sessions (seed 001 §4, §5, §7, §8). */
export function createAuthService(deps: TDeps) {
  const { repo, users, clock, tokens, messenger, otpSecret, log } = deps;

  const hashOtp = (target: string, code: string) => createHmac('sha256', otpSecret).update(`${target}:${code}`).digest('hex');
  const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  const isIdentifierVerified = (u: TUserRow) => (u.emailVerified && !!u.email) || (u.mobileVerified && !!u.phoneKey);

  async function issueSession(user: TUserRow, meta: { ip?: string; userAgent?: string } = {}): Promise<TAuthResult> {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + deps.sessionTtlHours * 3_600_000);
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
      profileType: user.profileType as TProfileType,
      expiresAt: expiresAt.toISOString(),
      userData: await users.toDto(user),
    };
  }

  /** Sends a fresh 4-digit OTP to the target unless its resend countdown is still running. */
  async function sendOtp(target: TIdentifier, purpose: TOtpPurpose, userId: string | null) {
    const now = clock.now();
    const last = await repo.latestOtp(target.key);
    const cooldown = cooldownOf(purpose);
    // The countdown guards a resend of a code still waiting to be used; a used code leaves nothing to resend.
    const open = last && !last.consumedAt ? last : null;
    const wait = otpResendWait(open ? open.sentAt.getTime() : null, now.getTime(), cooldown);
    if (wait > 0) throw tooMany(MSG.otpWait(wait), { resendAfterSeconds: wait });
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const otpId = newId();
    await repo.replaceOtp({
      id: otpId,
      target: target.key,
      purpose,
      userId,
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
          ? { channel: 'email', to: target.email, subject: 'Your Virality verification code', body }
          : { channel: 'sms', to: target.key, body },
      );
    } catch (err) {
      // A code nobody received must not start the resend countdown.
      await repo.deleteOtp(otpId);
      log.error({ err, channel: target.kind }, 'OTP message not sent');
      throw new AppError(502, MSG.otpNotSent);
    }
    return { emailPhone: target.key, resendAfterSeconds: cooldown };
  }

  /** Checks an OTP; counts wrong tries; returns the OTP row once it matched. */
  async function checkOtp(target: string, code: string): Promise<TOtpRow> {
    const now = clock.now();
    const otp = await repo.latestOtp(target);
    if (!otp || otp.consumedAt || otp.verifiedAt) throw badRequest(MSG.otpExpired);
    if (otp.expiresAt.getTime() <= now.getTime()) throw badRequest(MSG.otpExpired);
    if (otp.attempts >= OTP_MAX_TRIES) throw badRequest(MSG.otpTooManyTries);
    if (!sameHash(otp.codeHash, hashOtp(target, code))) {
      const attempts = otp.attempts + 1;
      await repo.updateOtp(otp.id, { attempts });
      throw badRequest(attempts >= OTP_MAX_TRIES ? MSG.otpTooManyTries : MSG.otpWrong);
    }
    await repo.updateOtp(otp.id, { verifiedAt: now });
    return otp;
  }

  /** Email and mobile are locked once verified on an account (seed 001 §2, Account Details). */
  const assertContactOpen = (user: TUserRow, key: string) => {
    const locked = key.startsWith('+') ? user.mobileVerified && !!user.phoneKey : user.emailVerified && !!user.email;
    if (locked) throw badRequest(MSG.contactLocked);
  };

  const identifierOf = (b: { email?: string | null; mobileNumber?: string | null; phoneCode?: string | null }): TIdentifier => {
    const r = parseIdentifier(b.email?.trim() ? b.email : b.mobileNumber, b.phoneCode);
    if (!r.ok) throw badRequest(r.message);
    return r.value;
  };

  return {
    issueSession,

    /** POST user/create_user: an unverified account and a registration OTP (16 s resend). */
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
      const passwordHash = await hash(body.password);
      let user: TUserRow;
      if (existing) {
        user = await users.update(existing.id, { passwordHash, profileType: body.profileType });
      } else {
        user = await users.createAccount(
          id.kind === 'email'
            ? { email: id.email, passwordHash, profileType: body.profileType, authType: 'LOCAL' }
            : {
                phoneCode: id.phoneCode,
                mobileNumber: id.mobileNumber,
                phoneKey: id.key,
                passwordHash,
                profileType: body.profileType,
                authType: 'LOCAL',
              },
        );
      }
      const sent = await sendOtp(id, 'registration', user.id);
      return { userId: user.id, ...sent };
    },

    /** POST user/userLogin */
    async login(body: { emailPhone: string; password: string }, meta: { ip?: string; userAgent?: string }) {
      const parsed = parseEmailPhone(body.emailPhone);
      if (!parsed.ok) throw badRequest(parsed.message);
      const user = await users.findByKey(parsed.key);
      if (!user) throw unauthorized(MSG.invalidCredentials);
      if (!user.passwordHash)
        throw unauthorized(user.authType === 'GOOGLE' ? MSG.googleAccountNoPassword : MSG.invalidCredentials);
      if (!(await verify(user.passwordHash, body.password))) throw unauthorized(MSG.invalidCredentials);
      if (!isIdentifierVerified(user)) {
        const target = parseIdentifier(
          parsed.key.startsWith('+') ? user.mobileNumber : user.email,
          parsed.key.startsWith('+') ? user.phoneCode : null,
        );
        let resendAfterSeconds = 0;
        if (target.ok) {
          try {
            resendAfterSeconds = (await sendOtp(target.value, 'registration', user.id)).resendAfterSeconds;
          } catch (e) {
            // Inside the countdown the last OTP still stands: tell the client how long until it may resend.
            if (!(e instanceof AppError && e.statusCode === 429)) throw e;
            resendAfterSeconds = (e.response as { resendAfterSeconds: number }).resendAfterSeconds;
          }
        }
        throw forbidden(MSG.accountNotVerified, { needsVerification: true, emailPhone: parsed.key, resendAfterSeconds });
      }
      if (!user.userStatus) throw forbidden(MSG.accountInactive);
      return issueSession(user, meta);
    },

    /** POST user/googleLogin: sign in with a Google ID token; sign-up with Google only for influencers. */
    async googleLogin(
      body: { email: string; credential: string; profileType?: TProfileType | null },
      meta: { ip?: string; userAgent?: string },
    ) {
      if (!deps.google) throw new AppError(503, MSG.googleTokenInvalid);
      const identity = await deps.google(body.credential, clock.now());
      if (!identity) throw unauthorized(MSG.googleTokenInvalid);
      if (identity.email !== body.email.trim().toLowerCase()) throw unauthorized(MSG.googleEmailMismatch);
      let user = (await users.findByGoogleSub(identity.sub)) ?? (await users.findByKey(identity.email));
      if (user && !user.googleSub && !isIdentifierVerified(user)) {
        // A sign-up nobody verified proves nothing: whoever chose its password may not own the address.
        // Google's proof wins, as a Google sign-up, and the unproven password is dropped.
        if (!body.profileType) throw notFound(MSG.googleNoAccount);
        if (body.profileType !== 'INFLUENCER') throw forbidden(MSG.googleSignupInfluencerOnly);
        const claimed = await users.update(user.id, {
          email: identity.email,
          emailVerified: true,
          googleSub: identity.sub,
          passwordHash: null,
          authType: 'GOOGLE',
          profileType: 'INFLUENCER',
          name: user.name ?? identity.name,
          profileImage: user.profileImage ?? identity.picture,
        });
        return issueSession(claimed, meta);
      }
      if (user) {
        if (!user.googleSub)
          user = await users.update(user.id, { googleSub: identity.sub, email: identity.email, emailVerified: true });
        else if (!user.emailVerified) user = await users.update(user.id, { emailVerified: true });
        if (!user.userStatus) throw forbidden(MSG.accountInactive);
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
     * sign-up → registration; an account → password reset; nobody, with a logged-in caller → a new
     * contact for that caller; nobody otherwise → 404.
     */
    async requestOtp(
      body: { email?: string | null; mobileNumber?: string | null; phoneCode?: string | null },
      auth: TAuthContext | null,
    ) {
      const id = identifierOf(body);
      const owner = await users.findByKey(id.key);
      if (owner) {
        if (auth && owner.id !== auth.userId) throw conflict(MSG.accountExists);
        if (!isIdentifierVerified(owner)) return sendOtp(id, 'registration', owner.id);
        const ownsAsVerified = id.kind === 'email' ? owner.emailVerified : owner.mobileVerified;
        if (auth && !ownsAsVerified) return sendOtp(id, 'contact', auth.userId);
        // A Google account has no password to reset (seed 001 §6: it cannot change one).
        if (!owner.passwordHash) throw badRequest(MSG.googleAccountNoPassword);
        return sendOtp(id, 'reset', owner.id);
      }
      if (!auth) throw notFound(MSG.userNotFound);
      assertContactOpen(auth.user, id.key);
      return sendOtp(id, 'contact', auth.userId);
    },

    /** POST otp/verifyOtp */
    async verifyOtp(
      body: { emailPhone: string; otp: string },
      auth: TAuthContext | null,
      meta: { ip?: string; userAgent?: string },
    ) {
      const parsed = parseEmailPhone(body.emailPhone);
      if (!parsed.ok) throw badRequest(parsed.message);
      const latest = await repo.latestOtp(parsed.key);
      if (latest?.purpose === 'contact') {
        // A contact OTP belongs to the session that asked for it; another user's session stays alive (403, not 401).
        if (!auth) throw unauthorized(MSG.unauthorized);
        if (auth.userId !== latest.userId) throw forbidden(MSG.forbidden);
        assertContactOpen(auth.user, parsed.key);
      }
      const otp = await checkOtp(parsed.key, body.otp);
      const purpose = otp.purpose as TOtpPurpose;
      if (purpose === 'reset') return { purpose };
      await repo.consumeOtp(otp.id, clock.now());
      if (purpose === 'contact') {
        const target = otp.mobileNumber
          ? { phoneCode: otp.phoneCode!, mobileNumber: otp.mobileNumber, key: otp.target }
          : { email: otp.target };
        const row = await users.setVerifiedContact(otp.userId!, target);
        return { purpose, userData: await users.toDto(row) };
      }
      const user = await users.requireUser(otp.userId!);
      const verified = await users.update(
        user.id,
        parsed.key.startsWith('+') ? { mobileVerified: true } : { emailVerified: true },
      );
      return { purpose, ...(await issueSession(verified, meta)) };
    },

    /** PUT user/resetPassword: allowed once, within the OTP's lifetime, after its OTP was verified. */
    async resetPassword(body: { emailPhone: string; newPassword: string }) {
      const parsed = parseEmailPhone(body.emailPhone);
      if (!parsed.ok) throw badRequest(parsed.message);
      const otp = await repo.latestOtp(parsed.key);
      const now = clock.now();
      if (otp?.purpose !== 'reset' || !otp.verifiedAt || otp.consumedAt || otp.expiresAt.getTime() <= now.getTime()) {
        throw badRequest(MSG.otpNotVerified);
      }
      const user = await users.findByKey(parsed.key);
      if (!user) throw notFound(MSG.userNotFound);
      if (!(await repo.consumeOtp(otp.id, now))) throw badRequest(MSG.otpNotVerified);
      await users.update(user.id, { passwordHash: await hash(body.newPassword) });
      await repo.revokeUserSessions(user.id, now);
    },

    /** POST user/changePassword: the old password must match; Google accounts have none to change. */
    async changePassword(auth: TAuthContext, body: { oldPassword: string; newPassword: string }) {
      const user = await users.requireUser(auth.userId);
      if (!user.passwordHash) throw forbidden(MSG.googleAccountNoPassword);
      if (!(await verify(user.passwordHash, body.oldPassword))) throw badRequest(MSG.oldPasswordWrong);
      await users.update(user.id, { passwordHash: await hash(body.newPassword) });
    },

    async logout(auth: TAuthContext) {
      await repo.revokeSession(auth.sessionId, clock.now());
    },

    /** Ends every session of a user at once (deactivation, deletion). */
    revokeAll: (userId: string) => repo.revokeUserSessions(userId, clock.now()),

    /** Reads the token of a request: valid signature, live session, active user; otherwise null. */
    async authenticate(token: string | null): Promise<TAuthContext | null> {
      if (!token) return null;
      const now = clock.now();
      const claims = await tokens.verify(token, now);
      if (!claims) return null;
      const session = await repo.findSession(claims.sid);
      if (!session || session.revokedAt || session.expiresAt.getTime() <= now.getTime() || session.userId !== claims.sub)
        return null;
      const user = await users.findById(claims.sub);
      if (!user?.userStatus) return null;
      return { userId: user.id, sessionId: session.id, role: user.profileType as TProfileType, user };
    },
  };
}
export type TAuthService = ReturnType<typeof createAuthService>;
