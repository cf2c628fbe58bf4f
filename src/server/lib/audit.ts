import { auditLog } from '../db/schema';
import type { Tx } from '../db/client';

/**
 * Records a staff action in the audit log, in the action's own transaction: who, what, on which
 * record, and the record before and after (never a password or a token).
 */
export async function audit(
  tx: Tx,
  entry: {
    actorId: number | null;
    action: string;
    subject: string;
    subjectId?: string | number;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
  },
) {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    subject: entry.subject,
    subjectId: entry.subjectId === undefined ? '' : String(entry.subjectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
