import { z } from 'zod';
import { STAFF_ROLES } from '../access';
import { parseStoredDate } from '../dates';
import { text } from './fields';
import { paging } from './office';
import { listResponse } from './listing';

/**
 * The audit log (decision 0022): GET /api/admin/audit, for the roles that `read AuditLog`
 * (office and admin). Every staff action, newest first, each with who made it (name, e-mail,
 * role), when, what (action, subject and its id) and the record before and after. Filters:
 * - `who`: part of the staff member's name or e-mail address;
 * - `action`: part of the action's name (`disable`, `customer.`);
 * - `subject`: the kind of record (`Order`, `Customer`, `Staff`…), without regard to case;
 * - `subjectId`: the record's id, or its reference (`ORD-000042`, `INV-…`, `CASE-…`, `FB…`);
 * - `from`, `to`: days (yyyy-MM-dd, UK time), both included.
 */

const day = z
  .string()
  .refine((v) => parseStoredDate(v) !== null, { message: 'must be a date (yyyy-MM-dd)' });

export const auditQuery = z
  .object({
    who: text(100).optional(),
    action: text(60).optional(),
    subject: text(40).optional(),
    subjectId: text(40).optional(),
    from: day.optional(),
    to: day.optional(),
    ...paging,
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'must be on or after the first day',
    path: ['to'],
  });

export const auditEntrySchema = z.object({
  Id: z.number().int(),
  At: z.string(),
  /** Who made it; null for the system (the start-up's first admin, `create-staff`). */
  Actor: z
    .object({
      Id: z.number().int(),
      Name: z.string(),
      Email: z.string().nullable(),
      /** Their role now (a customer's own action, such as accepting an invitation, is rare). */
      Role: z.enum(['customer', ...STAFF_ROLES]),
    })
    .nullable(),
  Action: z.string(),
  Subject: z.string(),
  SubjectId: z.string(),
  Before: z.record(z.string(), z.unknown()).nullable(),
  After: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponse = listResponse(auditEntrySchema);
export type AuditPage = z.infer<typeof auditResponse>;
