import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { accessOf, type RouteAccess } from '../../lib/auth';
import { API_ERROR_SCHEMA, commonResponseComponents, errorResponsesOf } from './answers';
import { SITE_VERSION } from '../../../shared/site-version';

/**
 * The OpenAPI document of the API (decision 0034), made from the routes' own zod schemas by
 * @fastify/swagger with the zod type provider's transform: served at /api/docs/openapi.json, and
 * as a reference page at /api/docs (./routes.ts). Each operation says who may call it
 * (`x-access`, from the route's declared access), is tagged by its area, has an operationId made
 * from its method and path (unless it declares one) and lists every answer it can give: its
 * response schemas, the answers of its kind (./answers.ts) and its own `schema.answers`. The
 * built site's files and the development routes are not part of the API and are left out.
 */

/** Who may call, in words, for the document and the reference page. */
function describeAccess(access: RouteAccess | undefined): string {
  if (!access) return 'undeclared';
  if (typeof access === 'object') return `staff who may ${access.can[0]} ${access.can[1]}`;
  return {
    anonymous: 'anyone',
    'this-machine': 'this machine only (development)',
    provider: 'the payment provider (signed)',
    customer: 'the customer (their own records)',
    'signed-in': 'anyone signed in',
  }[access];
}

/** The area a path belongs to: `/public/orders/...` is `orders`, `/api/admin/depot/...` `depot`. */
function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  const area = parts[0] === 'api' && parts[1] === 'admin' ? parts[2] : parts[1];
  return (area ?? parts[0] ?? 'site').replace(/^:.*/, 'site');
}

const isApi = (url: string) => /^\/(public|api)\//.test(url);

/** The path as documented: `{Id}` for `:Id`, and no trailing slash (Fastify answers both). */
const documentedPath = (url: string) =>
  url.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

/**
 * An operationId from the method and the path: `PUT /public/addresses/{Id}` is
 * `putAddressesById`, `POST /api/admin/auth/login` `postAdminAuthLogin`.
 */
function operationIdOf(method: string, url: string): string {
  const words = documentedPath(url)
    .split('/')
    .filter((part) => part && part !== 'public' && part !== 'api')
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words]
    .map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1)))
    .join('');
}

/** @fastify/swagger's words for a response a route did not describe. */
const DEFAULT_DESCRIPTION = 'Default Response';
const SUCCESS: Record<string, string> = { '200': 'Done.', '201': 'Created.' };

/** Where the operation's error answers wait, in the transform, for transformObject. */
const ANSWERS_KEY = 'x-error-answers';

type Operation = { responses?: Record<string, { description?: string }> } & Record<
  string,
  unknown
>;

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.brand} API`,
        description:
          'The calls of the Ferrybox site (docs/requirements.md §7) and of its back office. ' +
          'Send the token the log-in calls answer in the Authorization header as ' +
          '"Bearer <token>". An error answers { statusCode, message, errors?: [{ field, error }] }.',
        version: SITE_VERSION,
        license: { name: 'Proprietary', identifier: 'LicenseRef-Ferrybox-Proprietary' },
      },
      // Relative: the document describes the server that serves it.
      servers: [{ url: '/', description: 'This Ferrybox server' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (input) => {
      const { url, route } = input;
      if (!isApi(url) || url.startsWith('/api/docs')) {
        return { schema: { ...input.schema, hide: true }, url };
      }
      const { answers, ...schema } = input.schema ?? {};
      const transformed = jsonSchemaTransform({ ...input, schema });
      const access = accessOf(route as Parameters<typeof accessOf>[0]);
      const open = access === undefined || ['anonymous', 'provider', 'this-machine'].includes(
        access as string,
      );
      const method = [route.method].flat()[0];
      return {
        url: documentedPath(transformed.url),
        schema: {
          operationId: operationIdOf(method, url),
          ...transformed.schema,
          tags: [tagOf(url)],
          'x-access': describeAccess(access),
          // An open call says so: an empty requirement is "no credentials".
          security: open ? [] : [{ bearer: [] }],
          [ANSWERS_KEY]: errorResponsesOf({ method, url, access }, answers),
        } as typeof transformed.schema,
      };
    },
    transformObject: (documentObject) => {
      const { openapiObject } = documentObject as { openapiObject: object };
      const doc = openapiObject as {
        paths?: Record<string, Record<string, Operation>>;
        components?: Record<string, Record<string, unknown>>;
      };
      for (const methods of Object.values(doc.paths ?? {})) {
        for (const operation of Object.values(methods)) {
          const answers = (operation[ANSWERS_KEY] ?? {}) as Record<string, { description?: string }>;
          delete operation[ANSWERS_KEY];
          const responses = { ...operation.responses };
          // A route with no response schema but its own success answer (a 204) has no 200.
          const ownSuccess = Object.keys(answers).some((s) => s.startsWith('2'));
          if (ownSuccess && responses['200']?.description === DEFAULT_DESCRIPTION) {
            delete responses['200'];
          }
          for (const [status, response] of Object.entries(responses)) {
            if (response.description === DEFAULT_DESCRIPTION) {
              responses[status] = { ...response, description: SUCCESS[status] ?? 'Done.' };
            }
          }
          for (const [status, answer] of Object.entries(answers)) {
            // A success the schema describes keeps its body; the route's words describe it.
            responses[status] = responses[status]
              ? { ...responses[status], description: answer.description }
              : answer;
          }
          operation.responses = responses;
        }
      }
      doc.components = {
        ...doc.components,
        schemas: { ...doc.components?.schemas, ApiError: API_ERROR_SCHEMA },
        responses: commonResponseComponents(),
      };
      return openapiObject;
    },
  });
}
