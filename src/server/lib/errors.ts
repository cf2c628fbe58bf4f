import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, FieldError } from '../../shared/api/errors';
import { isDatabaseUnavailable } from '../db/client';

/** Seconds a caller should wait before retrying a call the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable. Please try again in a moment.';

/** An error a route throws on purpose: its status and message are shown to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    /** Seconds after which the same request may succeed (a 429 or 503 says it in Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The one error shape of the API (src/shared/api/errors.ts). */
export const apiError = (
  statusCode: number,
  message: string,
  errors?: FieldError[],
): ApiErrorBody => (errors ? { statusCode, message, errors } : { statusCode, message });

const API_PREFIXES = ['/public/', '/api/'];
const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url.startsWith(p) || url === p.slice(0, -1));

export const NULL_BODY_ERROR = 'must be an object, not null';

/**
 * A body that is the JSON text `null`, on a route whose body has a schema (always an object),
 * is a 400 naming the body (decision 0030). Fastify validates an absent body as `null` too, which
 * lets a route's schema read "no body" as its defaults (listing.ts optionalBody): the two are
 * told apart here, where the parsed body is still itself.
 */
export function refuseNullBodies(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === null && request.routeOptions.schema?.body !== undefined) {
      return done(
        new HttpError(400, 'Please check the fields below.', [
          { field: 'body', error: NULL_BODY_ERROR },
        ]),
      );
    }
    done();
  });
}

/**
 * The one error handler: validation failures become 400 with `{ field, error }` entries,
 * deliberate HttpErrors keep their status and message, a database that could not be reached or
 * dropped the connection is a 503 with Retry-After (the transaction was rolled back with it: a
 * retry is safe and worth it), and anything else is logged with the request id and answered with
 * a bare 500 that reveals nothing.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  pageFallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ApiErrorBody;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      body = {
        statusCode: 400,
        message: 'Please check the fields below.',
        errors: error.validation.map((v) => ({
          field: v.instancePath.slice(1).split('/').join('.') || where,
          error: v.message ?? 'is invalid',
        })),
      };
    } else if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      body = { statusCode: error.statusCode, message: error.message, errors: error.errors };
    } else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      body = apiError(400, 'The request body is empty.', [{ field: 'body', error: 'is required' }]);
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      body = {
        statusCode: 400,
        message: 'The request body is not valid JSON.',
        errors: [{ field: 'body', error: 'is not valid JSON' }],
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      body = { statusCode: error.statusCode, message: error.message };
    } else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      body = apiError(503, DATABASE_UNAVAILABLE_MESSAGE);
    } else {
      request.log.error({ err: error }, 'request failed');
      body = { statusCode: 500, message: 'Something went wrong on our side. Please try again.' };
    }
    if (body.statusCode === 500 && !(error instanceof HttpError)) {
      body.message = 'Something went wrong on our side. Please try again.';
    }
    return reply.status(body.statusCode).type('application/json').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (pageFallback && isPageRequest && !isApiPath(request.url))
      return pageFallback(request, reply);
    const body: ApiErrorBody = {
      statusCode: 404,
      message: `No such call: ${request.method} ${request.url.split('?')[0]}`,
    };
    return reply.status(404).send(body);
  });
}
