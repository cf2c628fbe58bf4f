import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenSchema,
  okSchema,
  resetPasswordSchema,
  userDataSchema,
  validatedEmailSchema,
} from '../../../shared/api/auth';
import { forgottenPasswordSchema, loginSchema, registerSchema } from '../../../shared/auth/schemas';
import {
  acceptEmptyJsonBodies,
  access,
  authenticate,
  authOf,
  endSession,
  sendToken,
} from '../../lib/auth';
import { scheduleCleanUp } from './maintenance';
import {
  confirmEmail,
  login,
  PASSWORD_RESET_QUEUE,
  register,
  requestEmailValidation,
  resetPassword,
  sendPasswordReset,
} from './service';
import { cachedUserData } from './user-data';

/**
 * docs/requirements.md §7, /public/auth: register, login, me, logout, forgotten password, the reset
 * docs/requirements.md leaves out, and e-mail validation. Login and register answer with the bearer
 * token as a JSON string. Failures: 400 with `{ field, error }`, 401 for a failed login or a
 * missing session, 429 with Retry-After when a rate limit is reached.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;

  await app.jobs.define<{ email: string }>(
    PASSWORD_RESET_QUEUE,
    { retryLimit: 5, retryDelay: 30, expireInSeconds: 60 },
    ({ email }) => sendPasswordReset(app, email),
    4,
  );
  await scheduleCleanUp(app);

  app.post(
    '/register',
    {
      config: access('anonymous'),
      schema: {
        summary: 'Register a customer account',
        answers: { 429: 'Too many registrations: try again after Retry-After.' },
        body: registerSchema,
        response: { 200: accessTokenSchema },
      },
    },
    async (request, reply) => {
      await app.rateLimiter.enforce('register', request, reply, request.body.Email);
      return sendToken(reply, await register(app, request.body));
    },
  );

  app.post(
    '/login',
    {
      config: access('anonymous'),
      schema: {
        summary: 'Log in as a customer',
        answers: {
          401: 'The e-mail or the password is incorrect.',
          403: 'The account is disabled.',
          429: 'Too many log-in attempts: try again after Retry-After.',
        },
        body: loginSchema,
        response: { 200: accessTokenSchema },
      },
    },
    async (request, reply) => {
      await app.rateLimiter.enforce('login', request, reply, request.body.email);
      return sendToken(reply, await login(app, request.body));
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.requireAuth({ anyRole: true }),
      schema: { summary: "The signed-in user's details", response: { 200: userDataSchema } },
    },
    async (request) => cachedUserData(app, authOf(request).user),
  );

  /** Ends the caller's session; answers 204 even when there was none (logging out twice is fine). */
  app.post(
    '/logout',
    {
      schema: {
        summary: 'Log out (end this session)',
        answers: { 204: 'Logged out (also when there was no session).' },
      },
      config: access('anonymous'),
    },
    async (request, reply) => {
      const auth = await authenticate(request);
      if (auth) await endSession(db, auth.sessionId);
      return reply.status(204).send();
    },
  );

  /** Always the same answer: whether the address is registered is not revealed. */
  app.post(
    '/forgot-password',
    {
      config: access('anonymous'),
      schema: {
        summary: 'Ask for a password reset e-mail',
        answers: { 429: 'Too many requests: try again after Retry-After.' },
        body: forgottenPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await app.rateLimiter.enforce('forgotPassword', request, reply, request.body.email);
      await app.jobs.send(PASSWORD_RESET_QUEUE, { email: request.body.email });
      return { ok: true as const };
    },
  );

  app.post(
    '/reset-password',
    {
      config: access('anonymous'),
      schema: {
        summary: 'Set a new password with a reset token',
        answers: { 429: 'Too many attempts: try again after Retry-After.' },
        body: resetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await app.rateLimiter.enforce('resetPassword', request, reply);
      await resetPassword(app, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/request-validate-email',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Send the e-mail address confirmation again',
        answers: { 429: 'Too many requests: try again after Retry-After.' },
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      await app.rateLimiter.enforce('requestValidateEmail', request, reply, `user:${user.id}`);
      await requestEmailValidation(app, user);
      return { ok: true as const };
    },
  );

  app.post(
    '/validated-email',
    {
      config: access('anonymous'),
      schema: {
        summary: 'Confirm an e-mail address with its token',
        answers: { 429: 'Too many attempts: try again after Retry-After.' },
        body: validatedEmailSchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await app.rateLimiter.enforce('validatedEmail', request, reply);
      await confirmEmail(app, request.body.token);
      return { ok: true as const };
    },
  );
};
