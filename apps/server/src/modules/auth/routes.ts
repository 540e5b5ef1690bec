import {
  MSG,
  zChangePasswordBody,
  zCreateUserBody,
  zGoogleLoginBody,
  zLoginBody,
  zResetPasswordBody,
  zSendOtpBody,
  zVerifyOtpBody,
} from '@virality/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireSession } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TAuthService } from './service';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
const security = [{ accessToken: [] }];

export const authRoutes =
  (auth: TAuthService, limit: { max: number; timeWindow: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = { rateLimit: limit };
    const tags = ['Authentication'];

    app.post(
      '/user/create_user',
      {
        config: rateLimit,
        schema: {
          response: replies('POST /user/create_user'),
          tags,
          summary: 'Sign up with e-mail or phone',
          body: zCreateUserBody,
        },
      },
      async (req) => ok(await auth.signUp(req.body), MSG.otpSent),
    );
    app.post(
      '/user/userLogin',
      {
        config: rateLimit,
        schema: {
          response: replies('POST /user/userLogin'),
          tags,
          summary: 'Log in with e-mail or phone and password',
          body: zLoginBody,
        },
      },
      async (req) => ok(await auth.login(req.body, meta(req)), MSG.loginSuccess),
    );
    app.post(
      '/user/googleLogin',
      {
        config: rateLimit,
        schema: {
          response: replies('POST /user/googleLogin'),
          tags,
          summary: 'Sign in or up with a Google ID token',
          body: zGoogleLoginBody,
        },
      },
      async (req) => ok(await auth.googleLogin(req.body, meta(req)), MSG.loginSuccess),
    );
    app.post(
      '/otp/sendOtp',
      {
        config: rateLimit,
        schema: { response: replies('POST /otp/sendOtp'), tags: ['OTP'], summary: 'Send an OTP', body: zSendOtpBody },
      },
      async (req) => ok(await auth.requestOtp(req.body, req.auth), MSG.otpSent),
    );
    app.post(
      '/otp/resetOtp',
      {
        config: rateLimit,
        schema: { response: replies('POST /otp/resetOtp'), tags: ['OTP'], summary: 'Resend an OTP', body: zSendOtpBody },
      },
      async (req) => ok(await auth.requestOtp(req.body, req.auth), MSG.otpResent),
    );
    app.post(
      '/otp/verifyOtp',
      {
        config: rateLimit,
        schema: { response: replies('POST /otp/verifyOtp'), tags: ['OTP'], summary: 'Verify an OTP', body: zVerifyOtpBody },
      },
      async (req) => ok(await auth.verifyOtp(req.body, req.auth, meta(req)), MSG.otpVerified),
    );
    app.put(
      '/user/resetPassword',
      {
        config: rateLimit,
        schema: {
          response: replies('PUT /user/resetPassword'),
          tags: ['OTP'],
          summary: 'Set a new password after OTP',
          body: zResetPasswordBody,
        },
      },
      async (req) => {
        await auth.resetPassword(req.body);
        return ok(null, MSG.newPasswordSet);
      },
    );
    app.post(
      '/user/changePassword',
      {
        onRequest: requireSession,
        schema: {
          response: replies('POST /user/changePassword'),
          tags,
          security,
          summary: 'Change password',
          body: zChangePasswordBody,
        },
      },
      async (req) => {
        await auth.changePassword(authOf(req), req.body);
        return ok(null, MSG.passwordChanged);
      },
    );
    app.post(
      '/user/logout',
      {
        onRequest: requireSession,
        schema: { response: replies('POST /user/logout'), tags, security, summary: 'Log out (revokes the session)' },
      },
      async (req) => {
        await auth.logout(authOf(req));
        return ok(null, MSG.logoutSuccess);
      },
    );
  };
