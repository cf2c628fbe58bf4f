import type { ActorType } from '../db/schema';

/** Who made a change: the system, a customer or a member of staff (order events, audit entries). */
export interface Actor {
  type: ActorType;
  /** The user (customer or staff member) who made the change; none for the system. */
  id?: number | null;
}

export const SYSTEM: Actor = { type: 'system' };

/** A member of staff as the actor of an order event or an audit entry. */
export const staffActor = (id: number): Actor & { type: 'staff' } => ({ type: 'staff', id });
