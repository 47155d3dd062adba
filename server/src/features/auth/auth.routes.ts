import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH,
  GenerateOtpBody,
  LoginAnswer,
  MessageAnswer,
  ResetPasswordBody,
  SHELL,
  WebLoginAnswer,
  WebLoginBody,
} from '@portal/contracts';
import { userOf, SESSION_COOKIE, tokenOf } from '../../plugins/auth';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from '../../lib/deviceCookie';
import { forbidden, unauthorized } from '../../lib/errors';
import { isSameOriginRequest } from '../../plugins/security';
import { buildSessionUser } from './sessionUser';
import { requestOtp, resetPassword, signIn } from './auth.service';

/** Sign-in, session, logout and password reset (shell document 2, DECISIONS 2). */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({
    db: app.db,
    sessions: app.sessions,
    mailer: app.mailer,
    defaultMailDomain: app.config.defaultMailDomain,
    devices: app.deviceCookies,
    delay: app.signInDelay,
  });

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: app.config.secureCookies, path: '/' });

  r.post(
    '/weblogin',
    { config: { permission: 'public' }, schema: { body: WebLoginBody, response: { 200: WebLoginAnswer } } },
    async (request, reply) => {
      const { token, deviceCookie } = await signIn(deps(), {
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        deviceCookie: request.cookies[DEVICE_COOKIE],
      });
      const auth = await app.sessions.resolve(token);
      if (!auth) throw unauthorized(AUTH.inactiveUser);
      setSessionCookie(reply, token);
      // Long-lived and only sent to the API: it makes this browser known to the sign-in limits.
      reply.setCookie(DEVICE_COOKIE, deviceCookie, {
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.secureCookies,
        path: '/api',
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
      const user = await buildSessionUser(app.db, auth.user, app.config.operatorNamespace);
      return {
        ...user,
        sessionId: token,
        ...(request.body.assetSerial && request.body.asn ? { assetSerial: true as const, asn: request.body.asn } : {}),
      };
    },
  );

  r.get(
    '/login',
    {
      config: { permission: 'public' },
      // The session user is sent as the text kept with the session: Fastify sends a string as it
      // is, so the schema documents it without costing a serialisation.
      schema: { querystring: z.object({ logout: z.enum(['true', 'false']).optional() }).strict(), response: { 200: LoginAnswer } },
    },
    async (request, reply) => {
      if (request.query.logout === 'true') {
        // The spec logs out over GET, which a link on another site could trigger: with the
        // session cookie, only a request from our own pages counts (a Bearer token cannot be
        // sent by another site).
        if (!request.headers.authorization?.startsWith('Bearer ') && !isSameOriginRequest(app, request)) throw forbidden(SHELL.crossSite);
        const token = tokenOf(request);
        if (token) await app.sessions.destroy(token);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return { message: 'Logged out' };
      }
      const token = tokenOf(request);
      if (!request.auth || !token) throw unauthorized(token ? AUTH.sessionExpired : AUTH.notSignedIn);
      // The answer is kept serialised with the cached session: this is the hottest call.
      const body = await app.sessions.remember(token, 'sessionUser', async () =>
        JSON.stringify([await buildSessionUser(app.db, userOf(request), app.config.operatorNamespace)]),
      );
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  r.post(
    '/generateOTP',
    { config: { permission: 'public' }, schema: { body: GenerateOtpBody, response: { 200: MessageAnswer } } },
    async (request) => {
      const email = await requestOtp(deps(), { email: request.body.email, ip: request.ip });
      return { message: AUTH.otpSent(email) };
    },
  );

  r.post(
    '/resetPassword',
    { config: { permission: 'public' }, schema: { body: ResetPasswordBody, response: { 200: MessageAnswer } } },
    async (request) => {
      await resetPassword(deps(), { ...request.body, ip: request.ip });
      return { message: AUTH.resetDone };
    },
  );
}
