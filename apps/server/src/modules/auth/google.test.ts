import net, { type AddressInfo } from 'node:net';
import { GUARD_MSG, MSG } from '@virality/domain';
import { SANDBOX_GOOGLE_CLIENT_ID } from '@virality/sandbox/testing';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, PASSWORD, setUserFields, type TTestApp, uniqueEmail } from '../../test/helpers';
import { addSubUser, makeOwner, makeRole } from '../team/team-test-kit';

/** A port nobody listens on right now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });

let t: TTestApp;
let publicUrl: string;
// The verifier fetches the sandbox JWKS over HTTP, which inject() cannot serve: listen on a real port.
beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ PORT: String(port), PUBLIC_URL: publicUrl });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

/** Signs in on the sandbox Google page like a person would, and returns the ID token it hands back. */
async function googleCredential(email: string, name = 'Google Person'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/google/signin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ redirect_uri: `${publicUrl}/redirect`, state: 'abc', email, name }).toString(),
  });
  expect(res.statusCode).toBe(303);
  const location = new URL(String(res.headers.location));
  expect(location.origin + location.pathname).toBe(`${publicUrl}/redirect`);
  expect(location.searchParams.get('state')).toBe('abc');
  const credential = location.searchParams.get('credential');
  if (!credential) throw new Error('no credential in the redirect');
  return credential;
}

const googleLogin = (body: Record<string, unknown>) =>
  call(t, 'POST', '/api/user/googleLogin', { body: { isGoogleLogin: true, ...body } });
const passwordLogin = (emailPhone: string, password = PASSWORD) =>
  call(t, 'POST', '/api/user/userLogin', { body: { emailPhone, password, platform: 'web' } });

describe('POST /api/user/googleLogin', () => {
  it('signs up an influencer with Google: a GOOGLE account with the e-mail verified, logged in', async () => {
    const email = uniqueEmail();
    const credential = await googleCredential(email, 'Asha Rao');
    expect(decodeJwt(credential)).toMatchObject({ email, aud: SANDBOX_GOOGLE_CLIENT_ID });
    const res = await googleLogin({ email, credential, profileType: 'INFLUENCER' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: true,
      message: MSG.loginSuccess,
      response: {
        profileType: 'INFLUENCER',
        userData: { email, emailVerified: true, authType: 'GOOGLE', profileType: 'INFLUENCER', name: 'Asha Rao' },
      },
    });
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: res.json.response.accessToken });
    expect(status.status).toBe(200);
    expect(status.json.response.result).toMatchObject({ email, authType: 'GOOGLE' });
  });

  it('logs the same Google account in again (no profileType) as the same user', async () => {
    const email = uniqueEmail();
    const first = await googleLogin({ email, credential: await googleCredential(email), profileType: 'INFLUENCER' });
    const again = await googleLogin({ email: email.toUpperCase(), credential: await googleCredential(email) });
    expect(again.status).toBe(200);
    expect(again.json.response.userData._id).toBe(first.json.response.userData._id);
    expect(again.json.response.accessToken).not.toBe(first.json.response.accessToken);
  });

  it('refuses a Google sign-up for a business with 403 and creates nothing', async () => {
    const email = uniqueEmail();
    const res = await googleLogin({ email, credential: await googleCredential(email), profileType: 'BUSINESS' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ status: false, message: MSG.googleSignupInfluencerOnly, response: null, code: 'FORBIDDEN' });
    const login = await googleLogin({ email, credential: await googleCredential(email) });
    expect(login.status).toBe(404);
  });

  it('answers a Google login with no account (and no profileType) with 404', async () => {
    const email = uniqueEmail();
    const res = await googleLogin({ email, credential: await googleCredential(email) });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ status: false, message: MSG.googleNoAccount, response: null, code: 'NOT_FOUND' });
  });

  it('refuses an e-mail that is not the one in the token with 401', async () => {
    const email = uniqueEmail();
    const res = await googleLogin({ email: uniqueEmail(), credential: await googleCredential(email), profileType: 'INFLUENCER' });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ status: false, message: MSG.googleEmailMismatch });
  });

  it('refuses a tampered token with 401', async () => {
    const victim = uniqueEmail();
    await googleLogin({ email: victim, credential: await googleCredential(victim), profileType: 'INFLUENCER' });
    const [header, , signature] = (await googleCredential(uniqueEmail())).split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(await googleCredential(victim)), email: victim, sub: `sandbox-${victim}` }),
    ).toString('base64url');
    const res = await googleLogin({ email: victim, credential: `${header}.${payload}.${signature}` });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ status: false, message: MSG.googleTokenInvalid });
  });

  it('refuses a token signed by another key that claims the sandbox key id', async () => {
    const email = uniqueEmail();
    const { kid } = decodeProtectedHeader(await googleCredential(email));
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(t.clock.nowMs() / 1000);
    const forged = await new SignJWT({ email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer('https://accounts.google.com')
      .setAudience(SANDBOX_GOOGLE_CLIENT_ID)
      .setSubject(`sandbox-${email}`)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
    const res = await googleLogin({ email, credential: forged, profileType: 'INFLUENCER' });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(MSG.googleTokenInvalid);
  });

  it('refuses an ID token after it expired (1 hour)', async () => {
    const email = uniqueEmail();
    const credential = await googleCredential(email);
    t.clock.advance(3_601_000);
    const res = await googleLogin({ email, credential, profileType: 'INFLUENCER' });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(MSG.googleTokenInvalid);
  });

  it.each([
    [{ credential: 'x'.repeat(40) }, MSG.identifierRequired],
    [{ email: '', credential: 'x'.repeat(40) }, MSG.identifierRequired],
    [{ email: 'me@example.com' }, MSG.googleTokenInvalid],
    [{ email: 'me@example.com', credential: 'short' }, MSG.googleTokenInvalid],
  ])('refuses %j with 400', async (body, message) => {
    const res = await googleLogin(body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
  });

  it('a Google account has no password: password login gets 401 telling to use Google', async () => {
    const email = uniqueEmail();
    await googleLogin({ email, credential: await googleCredential(email), profileType: 'INFLUENCER' });
    const res = await passwordLogin(email);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ status: false, message: MSG.googleAccountNoPassword, response: null, code: 'UNAUTHORIZED' });
  });

  it('links an existing local e-mail account: same user, Google and password both work', async () => {
    const { user, email } = await buildUser(t, { profileType: 'BUSINESS' });
    const res = await googleLogin({ email, credential: await googleCredential(email) });
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({
      profileType: 'BUSINESS',
      userData: { _id: user.id, email, emailVerified: true, authType: 'LOCAL' },
    });
    expect((await passwordLogin(email)).status).toBe(200);
    const again = await googleLogin({ email, credential: await googleCredential(email) });
    expect(again.json.response.userData._id).toBe(user.id);
  });

  it('an unverified sign-up of the address does not survive Google sign-up (no pre-registered takeover)', async () => {
    const email = uniqueEmail();
    // someone registers the address with their own password and type but never verifies it
    await call(t, 'POST', '/api/user/create_user', { body: { email, password: 'Attack3r!pw', profileType: 'BUSINESS' } });
    const login = await googleLogin({ email, credential: await googleCredential(email) });
    expect(login.status).toBe(404);
    expect(login.json.message).toBe(MSG.googleNoAccount);

    const res = await googleLogin({ email, credential: await googleCredential(email), profileType: 'INFLUENCER' });
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({
      profileType: 'INFLUENCER',
      userData: { email, emailVerified: true, authType: 'GOOGLE', profileType: 'INFLUENCER' },
    });
    const attacker = await passwordLogin(email, 'Attack3r!pw');
    expect(attacker.status).toBe(401);
    expect(attacker.json.message).toBe(MSG.googleAccountNoPassword);
    const again = await googleLogin({ email, credential: await googleCredential(email) });
    expect(again.json.response.userData._id).toBe(res.json.response.userData._id);
  });

  it('refuses an inactive account with 403', async () => {
    const email = uniqueEmail();
    const first = await googleLogin({ email, credential: await googleCredential(email), profileType: 'INFLUENCER' });
    await setUserFields(t, first.json.response.userData._id, { userStatus: false });
    const res = await googleLogin({ email, credential: await googleCredential(email) });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(MSG.accountInactive);
  });
});

describe('Google sign-in and team seats', () => {
  it('cannot take a seat that waits for its invitation: the sub-user stays as the owner made them', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const sub = await addSubUser(t, owner.token, role._id);
    const email = sub.form.email as string;
    const res = await googleLogin({ email, credential: await googleCredential(email), profileType: 'INFLUENCER' });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(GUARD_MSG.invitationWaiting);
    const list = await call(t, 'GET', '/api/bussiness/getAll?page=1', { token: owner.token });
    expect(list.json.response.result.map((r: { _id: string }) => r._id)).toContain(sub.id);
    const login = await passwordLogin(email, PASSWORD);
    expect(login.status).toBe(401);
  });
});
