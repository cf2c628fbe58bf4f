import { ApiError } from '../../lib/api-client';

/** What a refused or failed staff call says on the screen: the server's words for a 4xx. */
export const problem = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? error.message
    : 'That did not work just now, please try again.';

/**
 * A refund's refusal: the server's words also for its 502s (the payment provider refused it, or
 * has not confirmed it yet), which say whether to try again.
 */
export const refundProblem = (error: unknown) =>
  error instanceof ApiError && error.status === 502 && error.body?.message
    ? error.message
    : problem(error);
