import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteAccountSchema,
  profileSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
} from '../../../shared/api/auth';
import { acceptEmptyJsonBodies, authOf } from '../../lib/auth';
import { toProfile } from '../auth/user-data';
import { deleteAccount, updateProfile } from './service';

/**
 * docs/requirements.md §7, /public/members: the caller's own profile, its update (answering with a
 * new token and the user data) and the deletion of the account. Every call needs a session and acts
 * only on the session's own account: there is no id to reach anyone else's.
 */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);

  app.get(
    '/',
    {
      onRequest: app.requireAuth(),
      schema: { summary: "The customer's profile", response: { 200: profileSchema } },
    },
    async (request) => toProfile(authOf(request).user),
  );

  app.put(
    '/update',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: "Change the customer's profile",
        answers: { 429: 'Too many changes: try again after Retry-After.' },
        body: profileUpdateSchema,
        response: { 200: profileUpdateResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      await app.rateLimiter.enforce('profileUpdate', request, reply, `user:${auth.user.id}`);
      return updateProfile(app, auth, request.body);
    },
  );

  app.delete(
    '/delete',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: "Delete the customer's account",
        answers: {
          204: 'The account is deleted.',
          429: 'Too many attempts: try again after Retry-After.',
        },
        body: deleteAccountSchema,
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      await app.rateLimiter.enforce('profileUpdate', request, reply, `user:${user.id}`);
      await deleteAccount(app, user, request.body.CurrentPassword);
      return reply.status(204).send();
    },
  );
};
