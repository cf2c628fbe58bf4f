import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/api/auth';
import {
  householdIdParams,
  householdMemberInput,
  householdMemberSchema,
  householdResponse,
} from '../../../shared/api/household';
import { acceptEmptyJsonBodies, authOf } from '../../lib/auth';
import { addHouseholdMember, household, removeHouseholdMember } from './service';

/**
 * The customer's household (decision 0037, src/shared/api/household.ts). Every call needs a session
 * and reaches only the caller's own household: another customer's person answers 404 like an
 * unknown one.
 */
export const householdRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const db = app.database.db;

  app.get(
    '/',
    {
      onRequest: app.requireAuth(),
      schema: {
        operationId: 'listHousehold',
        summary: 'The people named on the account, the limit, and the reference they use',
        response: { 200: householdResponse },
      },
    },
    async (request) => household(db, authOf(request).user.id),
  );

  app.post(
    '/',
    {
      onRequest: app.requireAuth(),
      schema: {
        operationId: 'addHouseholdMember',
        summary: 'Names one more person of the household',
        body: householdMemberInput,
        response: { 201: householdMemberSchema },
        answers: { 409: 'The household already names as many people as an account may.' },
      },
    },
    async (request, reply) => {
      const member = await db.transaction((tx) =>
        addHouseholdMember(tx, authOf(request).user.id, request.body),
      );
      return reply.status(201).send(member);
    },
  );

  app.delete(
    '/:Id',
    {
      onRequest: app.requireAuth(),
      schema: {
        operationId: 'removeHouseholdMember',
        summary: 'Removes a person from the household (their parcels stay on the account)',
        params: householdIdParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await db.transaction((tx) =>
        removeHouseholdMember(tx, authOf(request).user.id, request.params.Id),
      );
      return { ok: true as const };
    },
  );
};
