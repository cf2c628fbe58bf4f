import { z } from 'zod';

/** The body of every 4xx answer (lib/errors.ts), as the OpenAPI document describes it. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), error: z.string() })).optional(),
});

/** The refusals a route may answer, each with the API's error body, for its `response` schema. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
