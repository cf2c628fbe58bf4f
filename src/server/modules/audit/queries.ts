import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { STAFF_ROLES } from '../../../shared/access';
import type { AuditEntry, auditQuery } from '../../../shared/api/audit';
import { isValidReference, normaliseReference } from '../../../shared/customer-reference';
import { orderIdFromReference } from '../../../shared/order-reference';
import { auditLog, users } from '../../db/schema';
import { fullName } from '../auth/user-data';
import type { Tx } from '../../db/client';
import { containing, pageOf, pageWindow } from '../../lib/paging';

/**
 * The audit log as the office and admins read it (decision 0022): newest first on
 * `audit_log_at_idx`; a staff member's name or e-mail is looked up among the staff accounts, then
 * their entries on `audit_log_actor_idx`; a subject and its id on `audit_log_subject_idx`.
 */

type AuditRow = typeof auditLog.$inferSelect;

/** The entries with their actors' names, e-mails and roles. */
async function toAuditEntries(tx: Tx, rows: AuditRow[]): Promise<AuditEntry[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])))];
  const actors = ids.length ? await tx.select().from(users).where(inArray(users.id, ids)) : [];
  return rows.map((r) => {
    const actor = actors.find((a) => a.id === r.actorId);
    return {
      Id: r.id,
      At: r.at.toISOString(),
      Actor: actor
        ? {
            Id: actor.id,
            Name: fullName(actor) || (actor.email ?? actor.reference),
            Email: actor.email,
            Role: actor.role,
          }
        : null,
      Action: r.action,
      Subject: r.subject,
      SubjectId: r.subjectId,
      Before: r.before ?? null,
      After: r.after ?? null,
    };
  });
}

/** `CASE-000007`, `INV-000003`, `PAY-000001`: the id in a reference of that kind, or null. */
const idIn = (prefix: string, text: string) => {
  const match = new RegExp(`^${prefix}-?(\\d{1,9})$`, 'i').exec(text);
  return match ? Number(match[1]) : null;
};

/**
 * The entries about a record named by its id or its reference: an order's (`ORD-000042`, on the
 * order or its quote), an invoice's, a case's, or a customer's or staff member's (`FB…`).
 */
async function aboutRecord(tx: Tx, text: string): Promise<SQL> {
  const typed = text.replace(/\s+/g, '');
  const named: SQL[] = [eq(auditLog.subjectId, typed)];
  const subjectIs = (subjects: string[], id: number | string) =>
    and(inArray(auditLog.subject, subjects), eq(auditLog.subjectId, String(id)))!;
  const order = orderIdFromReference(typed);
  if (order !== null) named.push(subjectIs(['Order', 'Quote'], order));
  const invoice = idIn('INV', typed);
  if (invoice !== null) named.push(subjectIs(['Invoice'], invoice));
  const kase = idIn('CASE', typed);
  if (kase !== null) named.push(subjectIs(['Case'], kase));
  if (isValidReference(typed)) {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.reference, normaliseReference(typed)));
    if (user) named.push(subjectIs(['Customer', 'Staff'], user.id));
  }
  return or(...named)!;
}

/** GET /api/admin/audit: a page of the entries the filters match, newest first. */
export async function searchAudit(tx: Tx, q: z.output<typeof auditQuery>) {
  const where: SQL[] = [];
  if (q.who) {
    const like = containing(q.who);
    const staff = tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.role, [...STAFF_ROLES]),
          or(
            ilike(users.email, like),
            ilike(
              sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
              like,
            ),
          ),
        ),
      );
    where.push(inArray(auditLog.actorId, staff));
  }
  if (q.action) where.push(ilike(auditLog.action, containing(q.action)));
  if (q.subject) where.push(sql`lower(${auditLog.subject}) = lower(${q.subject})`);
  if (q.subjectId) where.push(await aboutRecord(tx, q.subjectId));
  // Days in UK time, both included.
  if (q.from)
    where.push(sql`${auditLog.at} >= (${q.from}::date)::timestamp at time zone 'Europe/London'`);
  if (q.to) {
    where.push(sql`${auditLog.at} < (${q.to}::date + 1)::timestamp at time zone 'Europe/London'`);
  }
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    tx.select({ total: count() }).from(auditLog).where(condition),
  ]);
  return pageOf(await toAuditEntries(tx, rows), total, q);
}

/** Every entry about these records (a customer's export), oldest first. */
export async function auditAbout(
  tx: Tx,
  records: { subjects: string[]; ids: number[] }[],
): Promise<AuditEntry[]> {
  const about = records
    .filter((r) => r.ids.length > 0)
    .map((r) =>
      and(
        inArray(auditLog.subject, r.subjects),
        inArray(
          auditLog.subjectId,
          r.ids.map((id) => String(id)),
        ),
      ),
    );
  if (about.length === 0) return [];
  const rows = await tx
    .select()
    .from(auditLog)
    .where(or(...about))
    .orderBy(auditLog.at, auditLog.id);
  return toAuditEntries(tx, rows);
}
