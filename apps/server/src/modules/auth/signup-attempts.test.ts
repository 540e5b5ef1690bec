import { GUARD_MSG, MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otps, signupAttempts, users } from '../../db/schema';
import { buildTestApp, call, type TTestApp, uniqueEmail } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const OWNER_PASSWORD = 'Own3r!pass';
const STRANGER_PASSWORD = 'Str4nger!x';

const signUp = (email: string, password: string, profileType = 'INFLUENCER') =>
  call(t, 'POST', '/api/user/create_user', { body: { email, password, confirmPassword: password, profileType } });
const verify = (emailPhone: string, otp: string) => call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone, otp } });
const login = (emailPhone: string, password: string) =>
  call(t, 'POST', '/api/user/userLogin', { body: { emailPhone, password } });
const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const rowsOf = async (email: string) => ({
  user: await userRow(email),
  attempts: await t.database.db.select().from(signupAttempts).where(eq(signupAttempts.target, email)),
  otps: await t.database.db.select().from(otps).where(eq(otps.target, email)),
});

describe('a sign-up of an address nobody has verified', () => {
  it('a second sign-up within the resend wait is refused and changes nothing', async () => {
    const email = uniqueEmail();
    expect((await signUp(email, OWNER_PASSWORD, 'INFLUENCER')).status).toBe(200);
    const before = await rowsOf(email);
    const sentBefore = t.messenger.sent.length;

    const second = await signUp(email, STRANGER_PASSWORD, 'BUSINESS');
    expect(second.status).toBe(429);
    expect(second.json.message).toMatch(/^Please wait \d+ seconds before requesting a new OTP$/);

    expect(await rowsOf(email)).toEqual(before);
    expect(t.messenger.sent.length).toBe(sentBefore);
  });

  it("after the wait, the owner's code activates the owner's password and type, never the later sign-up's", async () => {
    const email = uniqueEmail();
    await signUp(email, OWNER_PASSWORD, 'INFLUENCER');
    const ownerCode = t.messenger.lastOtp(email);
    t.clock.advance(17_000);
    const stranger = await signUp(email, STRANGER_PASSWORD, 'BUSINESS');
    expect(stranger.status).toBe(200);

    const verified = await verify(email, ownerCode);
    expect(verified.status).toBe(200);
    expect(verified.json.response).toMatchObject({ purpose: 'registration', profileType: 'INFLUENCER' });

    expect((await login(email, OWNER_PASSWORD)).status).toBe(200);
    const strangerLogin = await login(email, STRANGER_PASSWORD);
    expect(strangerLogin.status).toBe(401);
    expect(strangerLogin.json.message).toBe(MSG.invalidCredentials);
    expect((await userRow(email)).profileType).toBe('INFLUENCER');
  });

  it("verifying one attempt's code voids every other attempt: its code no longer works", async () => {
    const email = uniqueEmail();
    await signUp(email, STRANGER_PASSWORD, 'BUSINESS');
    const strangerCode = t.messenger.lastOtp(email);
    t.clock.advance(17_000);
    await signUp(email, OWNER_PASSWORD, 'INFLUENCER');
    const ownerCode = t.messenger.lastOtp(email);
    expect(ownerCode).toMatch(/^\d{4}$/);

    expect((await verify(email, ownerCode)).status).toBe(200);
    const late = await verify(email, strangerCode);
    expect(late.status).toBe(400);
    expect(late.json.message).toBe(MSG.otpExpired);
    expect((await login(email, STRANGER_PASSWORD)).status).toBe(401);
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200);
    expect((await rowsOf(email)).attempts).toEqual([]);
  });

  it('the password of a sign-up is kept apart from the account until its code is verified', async () => {
    const email = uniqueEmail();
    await signUp(email, OWNER_PASSWORD);
    const { user, attempts } = await rowsOf(email);
    expect(user.passwordHash).toBeNull();
    expect(attempts).toHaveLength(1);
    expect(attempts[0].passwordHash).not.toContain(OWNER_PASSWORD);
  });

  it('a resend names its sign-up: without a name it is refused while two sign-ups wait, with one it goes to that sign-up', async () => {
    const email = uniqueEmail();
    const first = await signUp(email, OWNER_PASSWORD, 'INFLUENCER');
    t.clock.advance(17_000);
    await signUp(email, STRANGER_PASSWORD, 'BUSINESS');
    t.clock.advance(17_000);

    const unnamed = await call(t, 'POST', '/api/otp/resetOtp', { body: { email } });
    expect(unnamed.status).toBe(409);
    expect(unnamed.json.message).toBe(GUARD_MSG.signupAmbiguous);

    const named = await call(t, 'POST', '/api/otp/resetOtp', { body: { email, attemptId: first.json.response.attemptId } });
    expect(named.status).toBe(200);
    const verified = await verify(email, t.messenger.lastOtp(email));
    expect(verified.json.response.profileType).toBe('INFLUENCER');
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200);
    expect((await login(email, STRANGER_PASSWORD)).status).toBe(401);
  });

  it('a resend naming an unknown sign-up is refused and sends nothing', async () => {
    const email = uniqueEmail();
    await signUp(email, OWNER_PASSWORD);
    t.clock.advance(17_000);
    const sent = t.messenger.sent.length;
    const res = await call(t, 'POST', '/api/otp/resetOtp', { body: { email, attemptId: 'not-an-attempt' } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(GUARD_MSG.signupExpired);
    expect(t.messenger.sent.length).toBe(sent);
  });

  it("logging in with one sign-up's password sends a code that activates that password only", async () => {
    const email = uniqueEmail();
    await signUp(email, OWNER_PASSWORD, 'INFLUENCER');
    t.clock.advance(17_000);
    await signUp(email, STRANGER_PASSWORD, 'BUSINESS');
    t.clock.advance(17_000);

    const res = await login(email, OWNER_PASSWORD);
    expect(res.status).toBe(403);
    expect(res.json.response).toMatchObject({ needsVerification: true, emailPhone: email, resendAfterSeconds: 16 });
    const verified = await verify(email, t.messenger.lastOtp(email));
    expect(verified.status).toBe(200);
    expect(verified.json.response.profileType).toBe('INFLUENCER');
    expect((await login(email, STRANGER_PASSWORD)).status).toBe(401);
  });
});
