import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHECKOUT_MESSAGES, checkoutResponse, referenceParams } from '../../../shared/api/checkout';
import { paymentEvents, PAYMENT_PROVIDERS } from '../../db/schema';
import { authOf, access, MOVES_MONEY } from '../../lib/auth';
import { HttpError } from '../../lib/errors';
import { webhookFailures } from '../../lib/metrics';
import { pathId } from '../../../shared/api/listing';
import { scheduleRefundFollowUp, settleRefundEvent } from './refund-follow-up';
import { WebhookBodyError, WebhookSignatureError, type ProviderEvent } from './providers/provider';
import { refreshPayment, settleSession } from './service';
import { startInvoicePayment } from './start';
import { findCustomerPayment, paymentView } from './views';
import { schedulePaymentExpiry } from './close';

/**
 * /public/payment (decision 0012):
 * - GET /public/payment/{Reference}: one of the customer's payments and its orders. A pending
 *   payment is first checked with the provider, so a customer back from the payment page sees it
 *   paid even before the webhook arrives.
 * - POST /public/payment/additional/{Id}: starts paying an unpaid invoice
 *   (docs/requirements.md §7).
 * - POST /public/payment/webhook/{provider}: the provider's signed events. A bad signature is a
 *   400 and changes nothing; so is a signed body that is not an event of the provider's shape
 *   (logged); an event of a kind we do not act on is acknowledged (200); an event already
 *   received is acknowledged and changes nothing.
 *   Refund events settle a refund left pending (refund-follow-up.ts).
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await schedulePaymentExpiry(app);
  await scheduleRefundFollowUp(app);

  app.get(
    '/:Reference',
    {
      config: MOVES_MONEY,
      onRequest: app.requireAuth(),
      schema: {
        summary: 'A payment of the customer, with its state',
        params: referenceParams,
        response: { 200: checkoutResponse },
      },
    },
    async (request) => {
      const row = await findCustomerPayment(db, authOf(request).user.id, request.params.Reference);
      if (!row) throw new HttpError(404, CHECKOUT_MESSAGES.paymentNotFound);
      const current = await refreshPayment(app, row).catch((err: unknown) => {
        request.log.warn({ err, payment: row.reference }, 'payment provider look-up failed');
        return row;
      });
      return paymentView(db, current);
    },
  );

  app.post(
    '/additional/:Id',
    {
      config: MOVES_MONEY,
      onRequest: app.requireAuth(),
      schema: {
        summary: 'Start paying an invoice',
        answers: {
          201: 'The payment is started.',
          409: 'The invoice is not payable: paid, cancelled, or disputed until staff decide.',
        },
        params: z.object({ Id: pathId }),
        response: { 200: checkoutResponse, 201: checkoutResponse },
      },
    },
    async (request, reply) => {
      const { result, created } = await startInvoicePayment(
        app,
        authOf(request).user,
        request.params.Id,
      );
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  await app.register(async (plugin) => {
    const webhooks = plugin.withTypeProvider<ZodTypeProvider>();
    // The signature covers the exact bytes sent: keep the body raw.
    webhooks.removeAllContentTypeParsers();
    // Every webhook not taken: refused (a bad signature, not our provider) or failed (an error:
    // the provider sends it again later).
    webhooks.addHook('onError', (_request, reply, _error, done) => {
      webhookFailures.inc({
        provider: app.paymentProvider.name,
        reason: reply.statusCode >= 500 ? 'error' : 'refused',
      });
      done();
    });
    webhooks.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    webhooks.post(
      '/webhook/:provider',
      {
        config: { ...access('provider'), ...MOVES_MONEY },
        schema: {
          summary: "A payment provider's event (signed)",
          params: z.object({
            provider: z.enum(PAYMENT_PROVIDERS, { error: 'is not a payment provider' }),
          }),
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
        },
      },
      async (request) => {
        const provider = app.paymentProvider;
        if (request.params.provider !== provider.name) {
          throw new HttpError(404, `No such call: POST ${request.url.split('?')[0]}`);
        }
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: ProviderEvent;
        try {
          event = provider.parseWebhook(raw, request.headers);
        } catch (err) {
          if (err instanceof WebhookBodyError) {
            request.log.warn(
              { provider: provider.name, problem: err.message },
              'webhook refused: a signed body that is not an event we read',
            );
            throw new HttpError(400, 'This event is not one we understand.', [
              { field: 'body', error: err.message },
            ]);
          }
          if (!(err instanceof WebhookSignatureError)) throw err;
          request.log.warn({ provider: provider.name }, 'webhook refused: invalid signature');
          throw new HttpError(400, 'Invalid signature.', [
            { field: 'signature', error: 'is invalid' },
          ]);
        }
        const seen = await db
          .select({ id: paymentEvents.id })
          .from(paymentEvents)
          .where(
            and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)),
          );
        if (seen.length > 0) return { received: true as const, duplicate: true };
        if (event.type === 'refunds') {
          const settled = await settleRefundEvent(app, event);
          request.log.info({ event: event.id, type: event.type, settled }, 'refund event');
        } else if (event.type !== 'ignored') {
          const outcome = await settleSession(
            app,
            event.session,
            event.type === 'session.failed' ? event.failure : null,
          );
          request.log.info({ event: event.id, type: event.type, outcome }, 'payment event');
        }
        await db
          .insert(paymentEvents)
          .values({
            provider: provider.name,
            eventId: event.id,
            type: event.type === 'ignored' ? event.providerType : event.type,
          })
          .onConflictDoNothing();
        return { received: true as const, duplicate: false };
      },
    );
  });
};
