import type { RouteAccess } from '../../lib/auth';

/**
 * Every answer an operation of the OpenAPI document can give (decision 0034). The
 * answers the app's gates and global hooks give are worked out here from the route's kind (its
 * method, its path parameters and who may call it), so no route lists them; a route adds only
 * the answers its own handler gives (`schema.answers`: a 409 for a conflict, a 429 for a rate
 * limit, a 204 with no body) with the words that say when.
 */

/** A route's own answers: the status and when it is given, e.g. `{ 409: 'The book is full.' }`. */
export type RouteAnswers = Partial<Record<number, string>>;

declare module 'fastify' {
  interface FastifySchema {
    /** Answers the route's own handler gives beyond its response schemas (this file). */
    answers?: RouteAnswers;
  }
}

/** The one error shape of the API (src/shared/api/errors.ts ApiErrorBody), as a component. */
export const API_ERROR_SCHEMA = {
  type: 'object',
  description: 'The one error shape of the API: a 400 lists the fields at fault in `errors`.',
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599 },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, error: { type: 'string' } },
        required: ['field', 'error'],
        additionalProperties: false,
      },
    },
  },
  required: ['statusCode', 'message'],
  additionalProperties: false,
} as const;

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
};

/**
 * The answers the app gives to any call of a kind, described once (components.responses) and
 * referenced by each operation that can get them. 408 and 431 come from Node's HTTP server
 * before the app sees the request, so they carry no body.
 */
const COMMON_ANSWERS = {
  BadRequest: {
    status: 400,
    description:
      'The request is not valid: a field of the body, a path or query parameter, or the body ' +
      'itself (not JSON, or null where an object is expected) is named in `errors`.',
    content: errorContent,
  },
  Unauthorized: {
    status: 401,
    description: 'No live session: the bearer token is missing, unknown, expired or revoked.',
    content: errorContent,
  },
  Forbidden: {
    status: 403,
    description: "The session's role may not make this call.",
    content: errorContent,
  },
  NotFound: {
    status: 404,
    description: 'No such record (or not one of the caller’s): ids leak nothing.',
    content: errorContent,
  },
  RequestTimeout: {
    status: 408,
    description: 'The request was not received in time (the connection is closed; no body).',
  },
  PayloadTooLarge: {
    status: 413,
    description: 'The body is larger than 1 MiB.',
    content: errorContent,
  },
  UnsupportedMediaType: {
    status: 415,
    description: 'The body is not of a content type this call reads (application/json).',
    content: errorContent,
  },
  HeadersTooLarge: {
    status: 431,
    description: 'The request line or headers are too large (answered by the HTTP server; no body).',
  },
  Unavailable: {
    status: 503,
    description:
      'The database cannot be reached, the server is shutting down, or too many passwords are being checked at once (a login or a registration): retry after Retry-After.',
    headers: retryAfter,
    content: errorContent,
  },
} as const;

type CommonAnswer = keyof typeof COMMON_ANSWERS;

/** What the app knows of a route when it documents it. */
export interface RouteKind {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The common answers a route of this kind can give, by the gate and hook that gives each. */
function commonAnswersOf(route: RouteKind): CommonAnswer[] {
  const answers: CommonAnswer[] = ['BadRequest', 'RequestTimeout', 'HeadersTooLarge'];
  const { access } = route;
  // requireAuth: no session is a 401; a role the gate does not let in a 403 (a customer's route
  // refuses staff, a staff route customers and staff without the ability).
  if (access === 'customer' || access === 'signed-in' || typeof access === 'object') {
    answers.push('Unauthorized');
  }
  if (access === 'customer' || typeof access === 'object') answers.push('Forbidden');
  // A path parameter names a record: unknown (or too long for the router) is a 404; a route
  // for this machine only is the 404 of a call that does not exist to anyone else.
  if (/[:{]\w+/.test(route.url) || access === 'this-machine') answers.push('NotFound');
  // Fastify reads a body on these methods whatever the route: too large or not JSON.
  if (BODY_METHODS.has(route.method.toUpperCase())) {
    answers.push('PayloadTooLarge', 'UnsupportedMediaType');
  }
  answers.push('Unavailable');
  return answers;
}

/** The responses of an operation for its route's kind and its own answers. */
export function errorResponsesOf(
  route: RouteKind,
  own: RouteAnswers = {},
): Record<string, object> {
  const responses: Record<string, object> = {};
  for (const name of commonAnswersOf(route)) {
    responses[String(COMMON_ANSWERS[name].status)] = { $ref: `#/components/responses/${name}` };
  }
  for (const [status, description] of Object.entries(own)) {
    const code = Number(status);
    responses[status] =
      code >= 400
        ? {
            description,
            content: errorContent,
            ...(code === 429 || code === 503 ? { headers: retryAfter } : {}),
          }
        : { description };
  }
  return responses;
}

/** components.responses: each common answer once. */
export function commonResponseComponents(): Record<string, object> {
  return Object.fromEntries(
    Object.entries(COMMON_ANSWERS).map(([name, { status: _status, ...response }]) => [
      name,
      response,
    ]),
  );
}
