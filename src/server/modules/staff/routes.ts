import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessTokenSchema } from '../../../shared/api/auth';
import { pathId } from '../../../shared/api/listing';
import {
  acceptInvitationSchema,
  changeStaffSchema,
  inviteStaffSchema,
  staffLoginSchema,
  staffMemberSchema,
} from '../../../shared/api/staff';
import { acceptEmptyJsonBodies, access, authOf, sendToken, MOVES_NO_MONEY } from '../../lib/auth';
import { login } from '../auth/service';
import { acceptInvitation, inviteStaff, listStaff, updateStaff } from './service';

/**
 * Staff accounts (decision 0016), under /api/admin. Log-in and the invitation link are open (rate
 * limited like the customer's); managing staff is for admins (`manage Staff`).
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;
  const admin = app.requireAuth({ can: ['manage', 'Staff'] });
  const idParams = z.object({ Id: pathId });

  app.post(
    '/auth/login',
    {
      config: access('anonymous'),
      schema: {
        summary: 'Log in as staff',
        answers: {
          401: 'The e-mail or the password is incorrect.',
          429: 'Too many log-in attempts: try again after Retry-After.',
        },
        body: staffLoginSchema,
        response: { 200: accessTokenSchema },
      },
    },
    async (request, reply) => {
      await app.rateLimiter.enforce('login', request, reply, request.body.email);
      return sendToken(reply, await login(app, request.body, 'staff'));
    },
  );

  app.post(
    '/auth/accept-invitation',
    {
      config: { ...access('anonymous'), ...MOVES_NO_MONEY },
      schema: {
        summary: 'Accept a staff invitation and set a password',
        answers: { 429: 'Too many attempts: try again after Retry-After.' },
        body: acceptInvitationSchema,
        response: { 200: accessTokenSchema },
      },
    },
    async (request, reply) => {
      await app.rateLimiter.enforce('resetPassword', request, reply);
      return sendToken(reply, await acceptInvitation(app, request.body));
    },
  );

  app.get(
    '/staff',
    {
      onRequest: admin,
      schema: {
        summary: 'The staff members',
        response: { 200: z.object({ items: z.array(staffMemberSchema) }) },
      },
    },
    async () => ({ items: await listStaff(db) }),
  );

  app.post(
    '/staff/invite',
    {
      onRequest: admin,
      schema: {
        summary: 'Invite a new staff member',
        answers: { 201: 'Invited: the invitation e-mail is queued.' },
        body: inviteStaffSchema,
        response: { 201: staffMemberSchema },
      },
    },
    async (request, reply) => {
      const member = await inviteStaff(app, request.body, authOf(request).user.id);
      return reply.status(201).send(member);
    },
  );

  app.put(
    '/staff/:Id',
    {
      onRequest: admin,
      schema: {
        summary: "Change a staff member's role or name",
        answers: { 409: 'Not your own account, nor the last admin.' },
        params: idParams,
        body: changeStaffSchema,
        response: { 200: staffMemberSchema },
      },
    },
    async (request) =>
      updateStaff(db, request.params.Id, { role: request.body.Role }, authOf(request).user.id),
  );

  for (const [path, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/staff/:Id/${path}`,
      {
        onRequest: admin,
        schema: {
          summary: `${disabled ? 'Disable' : 'Enable'} a staff member`,
          answers: { 409: 'Not your own account, nor the last admin.' },
          params: idParams,
          response: { 200: staffMemberSchema },
        },
      },
      async (request) => updateStaff(db, request.params.Id, { disabled }, authOf(request).user.id),
    );
  }
};
