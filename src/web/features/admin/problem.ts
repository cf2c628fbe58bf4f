import { ApiError } from '../../lib/api-client';

/** What a refused or failed staff call says on the screen: the server's words for a 4xx. */
export const problem = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? error.message
    : 'That did not work just now, please try again.';
