import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { accessOf, type RouteAccess } from '../../lib/auth';

/**
 * The OpenAPI document of the API (issue 15), made from the routes' own zod schemas by
 * @fastify/swagger with the zod type provider's transform: served at /api/docs/openapi.json, and
 * as a reference page at /api/docs (./routes.ts). Each operation says who may call it
 * (`x-access`, from the route's declared access) and is tagged by its area. The built site's
 * files and the development routes are not part of the API and are left out.
 */

/** Who may call, in words, for the document and the reference page. */
export function describeAccess(access: RouteAccess | undefined): string {
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
export function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean);
  const area = parts[0] === 'api' && parts[1] === 'admin' ? parts[2] : parts[1];
  return (area ?? parts[0] ?? 'site').replace(/^:.*/, 'site');
}

const isApi = (url: string) => /^\/(public|api)\//.test(url);

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.brand} API`,
        description:
          'The calls of the Ferrybox site (SPEC section 7) and of its back office. Send the ' +
          'token the log-in calls answer in the Authorization header as "Bearer <token>". ' +
          'An error answers { statusCode, message, errors?: [{ field, error }] }.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (input) => {
      const { url, route } = input;
      if (!isApi(url) || url.startsWith('/api/docs')) {
        return { schema: { ...input.schema, hide: true }, url };
      }
      const transformed = jsonSchemaTransform(input);
      const access = accessOf(route as Parameters<typeof accessOf>[0]);
      const open = access === 'anonymous' || access === 'provider' || access === undefined;
      return {
        url: transformed.url,
        schema: {
          ...transformed.schema,
          tags: [tagOf(url)],
          'x-access': describeAccess(access),
          ...(open ? {} : { security: [{ bearer: [] }] }),
        } as typeof transformed.schema,
      };
    },
  });
}
