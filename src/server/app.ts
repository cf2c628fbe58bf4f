import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config';
import type { Database } from './db/client';
import { apiError, refuseNullBodies, registerErrorHandling } from './lib/errors';
import { securityHeaders } from './lib/security-headers';
import { healthRoutes } from './modules/health/routes';
import { settingsRoutes } from './modules/site/routes';
import { promotionRoutes } from './modules/promotions/routes';
import { promotionNow } from './modules/promotions/service';
import { christmasDatesNow, shownSettings } from './modules/site/notice-dates';
import { flattenSettings } from '../shared/settings';
import { catalogueRoutes } from './modules/catalogue/routes';
import { catalogueAdminRoutes } from './modules/catalogue/admin-routes';
import { priceBandsNow } from './modules/catalogue/queries';
import { settingsAdminRoutes } from './modules/settings/admin-routes';
import { createWeb } from './lib/web';
import { collectRoutes, type DeclaredRoute } from './lib/auth';
import type { MailQueueOptions } from './lib/mail';
import type { RateLimitOverrides } from './lib/rate-limit';
import { authRoutes } from './modules/auth/routes';
import { membersRoutes } from './modules/members/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { ordersRoutes } from './modules/customer-orders/routes';
import { orderDetailRoutes } from './modules/customer-orders/detail-routes';
import { addressesRoutes } from './modules/addresses/routes';
import { officeTrackingRoutes, trackingRoutes } from './modules/tracking/routes';
import { householdRoutes } from './modules/household/routes';
import { certificatesRoutes } from './modules/certificates/routes';
import { devRoutes } from './modules/dev/routes';
import { devInvoiceRoutes } from './modules/dev/invoice-routes';
import { devDepotRoutes } from './modules/dev/depot-routes';
import { staffRoutes } from './modules/staff/routes';
import { registerOpenApi } from './modules/docs/openapi';
import { consolidationAdminRoutes, consolidationRoutes } from './modules/consolidation/routes';
import { docsRoutes } from './modules/docs/routes';
import { devQuoteRoutes } from './modules/dev/quote-routes';
import { depotRoutes } from './modules/depot/routes';
import { customerReturnRoutes, depotReturnRoutes } from './modules/returns/routes';
import { officeRoutes } from './modules/office/routes';
import { customersRoutes } from './modules/customers/routes';
import { auditRoutes } from './modules/audit/routes';
import { devOrderRoutes } from './modules/dev/order-routes';
import { devClockRoutes } from './modules/dev/clock-routes';
import { paymentRoutes } from './modules/payments/routes';
import type { SandboxProvider } from './modules/payments/providers/sandbox';
import { sandboxPageRoutes } from './modules/payments/sandbox-page';
import { httpDuration, httpRequests } from './lib/metrics';
import { limitPasswordWork } from './lib/passwords';
import { metricsRoutes, operationsRoutes } from './modules/operations/routes';
import { sailingsAdminRoutes, sailingsRoutes } from './modules/sailings/routes';
import { authPart } from './parts/auth';
import { cachePart } from './parts/cache';
import { clockPart } from './parts/clock';
import { configPart } from './parts/config';
import { databasePart } from './parts/database';
import { jobsPart } from './parts/jobs';
import { mailPart } from './parts/mail';
import { paymentProviderPart } from './parts/payment-provider';
import { rateLimitsPart } from './parts/rate-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route and who may call it (the access gates of tests/api walk it). */
    routeTable: DeclaredRoute[];
  }
}

export type App = FastifyInstance;

/** Knobs for tests: lower rate limits, faster job polling and mail retries. */
export interface AppOptions {
  rateLimits?: RateLimitOverrides;
  /** How often idle job workers poll (seconds, 0.5 or more; default 2). */
  jobPollingSeconds?: number;
  /** The mail queue's retry policy (default: 12 retries from one minute, doubling). */
  mailQueue?: Partial<MailQueueOptions>;
}

/** Builds the whole application without listening: main.ts listens, tests use inject(). */
export async function buildApp(
  config: Config,
  database: Database,
  options: AppOptions = {},
): Promise<App> {
  limitPasswordWork(config.passwordWork);
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // A slow or stalled request is answered 408 and its connection closed (decision 0015).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    http: { connectionsCheckingInterval: Math.min(config.requestTimeoutMs / 2, 30_000) },
    // On close: idle keep-alive connections are closed at once, busy ones after their answer.
    forceCloseConnections: 'idle',
    // A URL that cannot be decoded gets the one error shape too.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .send(
          apiError(400, 'The address of this call is not valid.', [
            { field: 'path', error: 'is not valid (too long, or not decodable)' },
          ]),
        );
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route declares who may call it (lib/auth.ts RouteAccess): checked once all are in.
  const routes = collectRoutes(app);
  // The parts of the app (src/server/parts), each a plugin that decorates it, declares its type
  // and names the parts it stands on; fastify refuses to start with one missing.
  await app.register(configPart, { config });
  // The OpenAPI document collects the routes as they are registered: before any of them.
  await registerOpenApi(app);
  await app.register(databasePart, { database });
  await app.register(cachePart);
  await app.register(clockPart);
  // Once closing, every answer ends its connection, so keep-alive clients do not hold the close
  // up (or send a request into a socket about to close): the requests in flight are answered.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A hook with a callback, not an async one: a promise per answer for no waiting.
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    // Answers of the API carry tokens and personal data: no cache keeps them (decision 0015), save
    // those a route marks private (a parcel's photo stays in its customer's browser only).
    if (request.url.startsWith('/public/') && !request.url.startsWith('/public/settings')) {
      const own = reply.getHeader('cache-control');
      if (typeof own !== 'string' || !own.startsWith('private')) {
        reply.header('cache-control', 'no-store');
      }
    }
    done();
  });

  // The HTML pages get their own Content-Security-Policy (lib/web.ts); API answers are data only.
  // helmet's headers are worked out once (lib/security-headers.ts) and set as the reply's own
  // headers as the request comes in, so every answer (errors and 404s too) carries them
  // (decision 0026's profile: helmet's middleware on every request was the largest cost of a cached call).
  const headers = Object.entries(
    securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
  // Requests counted and timed by route pattern (never the raw URL) and status (lib/metrics.ts).
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  const web = config.serveWeb
    ? await createWeb(config, {
        settings: async () => flattenSettings(await shownSettings(app)),
        promotion: (code) => promotionNow(app, code),
        priceBands: () => priceBandsNow(app),
        christmasDates: () => christmasDatesNow(app),
      })
    : undefined;
  // An instance hook: compression is a route hook (@fastify/compress), so it runs after this.
  if (web) app.addHook('onSend', web.pageHook);
  await app.register(compress, { threshold: 1024 });
  registerErrorHandling(app, web?.fallback);
  refuseNullBodies(app);

  // Jobs (pg-boss in the same database), e-mail through them, rate limits, sessions, payments.
  await app.register(jobsPart, { pollingSeconds: options.jobPollingSeconds });
  await app.register(mailPart, {
    pollingSeconds: options.jobPollingSeconds,
    queue: options.mailQueue,
  });
  await app.register(rateLimitsPart, { overrides: options.rateLimits });
  await app.register(authPart);
  await app.register(paymentProviderPart);
  const paymentProvider = app.paymentProvider;

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(operationsRoutes, { prefix: '/api/admin' });
  await app.register(settingsRoutes, { prefix: '/public' });
  await app.register(promotionRoutes, { prefix: '/public' });
  await app.register(catalogueRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/public/auth' });
  await app.register(membersRoutes, { prefix: '/public/members' });
  await app.register(ordersRoutes, { prefix: '/public/orders' });
  await app.register(checkoutRoutes, { prefix: '/public/orders' });
  await app.register(orderDetailRoutes, { prefix: '/public/orders' });
  await app.register(customerReturnRoutes, { prefix: '/public/orders' });
  await app.register(addressesRoutes, { prefix: '/public/addresses' });
  await app.register(householdRoutes, { prefix: '/public/household' });
  await app.register(consolidationRoutes, { prefix: '/public/consolidation' });
  await app.register(certificatesRoutes, { prefix: '/public' });
  await app.register(trackingRoutes, { prefix: '/public' });
  await app.register(sailingsRoutes, { prefix: '/public/sailings' });
  await app.register(paymentRoutes, { prefix: '/public/payment' });
  await app.register(staffRoutes, { prefix: '/api/admin' });
  await app.register(depotRoutes, { prefix: '/api/admin/depot' });
  await app.register(depotReturnRoutes, { prefix: '/api/admin/depot' });
  await app.register(officeRoutes, { prefix: '/api/admin' });
  await app.register(consolidationAdminRoutes, { prefix: '/api/admin' });
  await app.register(officeTrackingRoutes, { prefix: '/api/admin' });
  await app.register(customersRoutes, { prefix: '/api/admin' });
  await app.register(auditRoutes, { prefix: '/api/admin' });
  await app.register(catalogueAdminRoutes, { prefix: '/api/admin/catalogue' });
  await app.register(settingsAdminRoutes, { prefix: '/api/admin' });
  await app.register(sailingsAdminRoutes, { prefix: '/api/admin/sailings' });
  await app.register(docsRoutes, { prefix: '/api/docs' });
  if (paymentProvider.name === 'sandbox') {
    await app.register(sandboxPageRoutes(paymentProvider as SandboxProvider), {
      prefix: '/sandbox',
    });
  }
  if (config.devOutbox !== 'off') await app.register(devRoutes, { prefix: '/dev' });
  if (config.env !== 'production') {
    await app.register(devInvoiceRoutes, { prefix: '/dev' });
    await app.register(devDepotRoutes, { prefix: '/dev' });
    await app.register(devQuoteRoutes, { prefix: '/dev' });
    await app.register(devOrderRoutes, { prefix: '/dev' });
    await app.register(devClockRoutes, { prefix: '/dev' });
  }
  if (web) await app.register(web.routes);

  app.decorate('routeTable', routes.check());
  return app;
}
