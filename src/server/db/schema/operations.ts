import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { MailMessage } from '../../lib/mail-message';
import { users } from './accounts';
import { at } from './columns';

/**
 * Running the service: the mail outbox, the audit log and the backups' runs.
 */

/**
 * The transactional e-mail outbox (lib/mail.ts): `queueMail(tx, message)` writes a row inside the
 * use case's transaction, so a message exists exactly when the change it reports was committed.
 * Worker nodes claim due rows (highest priority first) for a lease, send them, and mark them
 * sent; a row marked sent is never sent again, and a failed one waits `next_attempt_at`.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Higher first: account e-mails (reset, validation) before bulk ones. */
    priority: integer('priority').notNull().default(0),
    message: jsonb('message').$type<MailMessage>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** A node is sending it until then; after, another node may (the first one died). */
    claimedUntil: at('claimed_until'),
    sentAt: at('sent_at'),
    /** Given up after the last retry. */
    failedAt: at('failed_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.priority.desc(), t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_sent_at_idx').on(t.sentAt),
  ],
);

/**
 * Every staff action (decision 0022): who, when, what, on which record, before and after.
 * Written in the action's own transaction; never updated.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: at('at').notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    subjectId: text('subject_id').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_subject_idx').on(t.subject, t.subjectId),
  ],
);

/**
 * Each backup taken by `npm run backup` (docs/decisions/0032): when it finished and how much it
 * holds, so the back office's health screen can show the last one. Written after the backup's
 * snapshot, so a backup never lists itself.
 */
export const backupRuns = pgTable('backup_runs', {
  id: serial('id').primaryKey(),
  finishedAt: at('finished_at').notNull().defaultNow(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
});
