import { MOVES_MONEY } from '../../lib/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../shared/api/listing';
import { me } from './route-helpers';
import { optionalBody } from '../../../shared/api/listing';
import { officeCaseSchema } from '../../../shared/api/office';
import {
  caseReplySchema,
  decideDisputeSchema,
  remeasureSchema,
  officeCaseDetailResponse,
  officeCasesQuery,
  officeCasesResponse,
  resolveCaseSchema,
} from '../../../shared/api/office-cases';
import { toPence } from '../../../shared/money';
import { DEPOT_LIMITS, cmToMm, kgToGrams } from '../../../shared/api/depot';
import { decideDispute, remeasureDispute } from '../cases/dispute-decisions';
import { decodePhotos } from '../depot/photos';
import { listCases, officeCaseDetail, officeCasesById } from './lists';
import { replyToCase, resolveCase } from './case-actions';

/**
 * The office's cases (decision 0018), under /api/admin (`manage Case`): missing items and disputes,
 * the list, a case, the reply and resolve, and a dispute's re-measure and decision (decision 0038),
 * as case-actions.ts serves them.
 */
export const caseRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const cases = app.requireAuth({ can: ['manage', 'Case'] });

  // --- cases ---
  app.get(
    '/cases',
    {
      onRequest: cases,
      schema: {
        summary: 'A page of cases',
        querystring: officeCasesQuery,
        response: { 200: officeCasesResponse },
      },
    },
    async (request) => listCases(db, request.query, app.clock.now()),
  );

  app.get(
    '/cases/:Id',
    {
      onRequest: cases,
      schema: {
        summary: 'A case, with its messages',
        params: idParams,
        response: { 200: officeCaseDetailResponse },
      },
    },
    async (request) => officeCaseDetail(db, request.params.Id, app.clock.now()),
  );

  const oneCase = async (id: number) => (await officeCasesById(db, [id], app.clock.now()))[0];

  app.post(
    '/cases/:Id/reply',
    {
      onRequest: cases,
      schema: {
        summary: 'Reply to a case',
        answers: { 409: 'The case is resolved.' },
        params: idParams,
        body: caseReplySchema,
        response: { 200: officeCaseSchema },
      },
    },
    async (request) => {
      await replyToCase(app, request.params.Id, request.body.Message, me(request));
      return oneCase(request.params.Id);
    },
  );

  app.post(
    '/cases/:Id/resolve',
    {
      config: MOVES_MONEY,
      onRequest: cases,
      schema: {
        summary: 'Resolve a case',
        answers: { 409: 'The case is resolved already.' },
        params: idParams,
        body: optionalBody(resolveCaseSchema),
        response: { 200: officeCaseSchema },
      },
    },
    async (request) => {
      const { Message, Refund } = request.body;
      await resolveCase(
        app,
        request.params.Id,
        { message: Message, refundPence: Refund === undefined ? 0 : toPence(Refund) },
        me(request),
      );
      return oneCase(request.params.Id);
    },
  );

  // --- disputes of a re-measure (decision 0038) ---
  app.post(
    '/cases/:Id/remeasure',
    {
      onRequest: cases,
      bodyLimit: Math.ceil((DEPOT_LIMITS.photos * DEPOT_LIMITS.photoBytes * 4) / 3) + 64 * 1024,
      schema: {
        summary: 'Measure a disputed parcel again, with new photos',
        answers: {
          409: 'The case is not a dispute, is decided already, or its parcel is not at the depot.',
        },
        params: idParams,
        body: remeasureSchema,
        response: { 200: officeCaseDetailResponse },
      },
    },
    async (request) => {
      const b = request.body;
      await remeasureDispute(
        app,
        request.params.Id,
        {
          weightGrams: kgToGrams(b.WeightKg),
          lengthMm: cmToMm(b.LengthCm),
          widthMm: cmToMm(b.WidthCm),
          heightMm: cmToMm(b.HeightCm),
          photos: await decodePhotos(b.Photos),
        },
        me(request),
      );
      return officeCaseDetail(db, request.params.Id, app.clock.now());
    },
  );

  app.post(
    '/cases/:Id/decide',
    {
      config: MOVES_MONEY,
      onRequest: cases,
      schema: {
        summary: 'Uphold, reduce or cancel a disputed invoice',
        answers: {
          200: 'Decided: the case is Resolved; a refund made or still pending shows in Refunds.',
          409: 'The case is not a dispute, or it is decided already.',
        },
        params: idParams,
        body: decideDisputeSchema,
        response: { 200: officeCaseDetailResponse },
      },
    },
    async (request) => {
      const { Decision, Amount, Message } = request.body;
      const done = await decideDispute(
        app,
        request.params.Id,
        {
          decision: Decision,
          amountPence: Amount === undefined ? undefined : toPence(Amount),
          message: Message,
        },
        me(request),
      );
      request.log.info({ case: request.params.Id, Decision, ...done }, 'dispute decided');
      return officeCaseDetail(db, request.params.Id, app.clock.now());
    },
  );
};
