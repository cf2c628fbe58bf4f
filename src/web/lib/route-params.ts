import { data } from 'react-router';

/** docs/requirements.md §2: "a digits id means the id must be numeric". */
export const isDigits = (value: string | undefined): value is string =>
  value !== undefined && /^\d+$/.test(value);

/**
 * For route modules whose path has a digits-only id (`/order/{id}`, `/dashboard/orders/{id}`,
 * ...): returns the id, or throws a 404 so that the not-found page shows, naming the path.
 *
 *     export async function clientLoader({ params }: Route.ClientLoaderArgs) {
 *       const id = Number(requireDigits(params.id));
 *       ...
 *     }
 */
export function requireDigits(value: string | undefined): string {
  if (!isDigits(value)) throw data('Not found', { status: 404 });
  return value;
}
