import type { Actor } from '../../lib/actor';
import type { Tx } from '../../db/client';
import { audit } from '../../lib/audit';

/**
 * Who acted at the depot, as the parcel's row and the audit record it: the depot's use cases
 * (receiving.ts, matching.ts, dispatch.ts) write the staff member's audit entry; the development
 * routes' actor is not staff and writes none.
 */

export const staffId = (actor: Actor) => (actor.type === 'staff' ? (actor.id ?? null) : null);

/** The audit entry of a staff member's action (other actors, the dev routes, are not staff). */
export async function auditStaff(
  tx: Tx,
  actor: Actor,
  entry: Omit<Parameters<typeof audit>[1], 'actorId'>,
) {
  if (actor.type === 'staff') await audit(tx, { actorId: staffId(actor), ...entry });
}
