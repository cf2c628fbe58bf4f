import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { OrderCase } from '../../../shared/api/cases';
import { CASE_MESSAGES } from '../../../shared/missing-items';
import { ORDER_DETAIL_MESSAGES } from '../../../shared/order-timeline';
import { caseReference } from '../../../shared/order-reference';
import { canReportMissingItems } from '../../../shared/order-status';
import { nextIds } from '../../db/next-ids';
import { caseMessages, invoices, orderCases, orders, settings, users } from '../../db/schema';
import {
  DEFAULT_DISPUTE_DECIDE_DAYS,
  DISPUTE_DECIDE_SETTING,
  disputeDecideBy,
  disputeDecideDaysOf,
} from '../../../shared/disputes';
import { toPounds } from '../../../shared/money';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import { moveCase } from '../../lib/status-moves';
import type { Site } from '../../config';
import { fullName } from '../auth/user-data';
import type { Db, Tx } from '../../db/client';
import { missingItemsEmail } from './emails';

import { trackingUrlOf } from '../../lib/tracking-codes';
/**
 * Missing-items cases (decision 0012): a case sits beside a Shipped or Delivered order
 * with its own status, so the order keeps where it stands. An order has at most one case that is
 * not Resolved: a second report while one is open is added to it as a new message (and puts it
 * back to Open if the office had answered), rather than opening another.
 */

type CaseRow = typeof orderCases.$inferSelect;

/** The cases of these orders with their messages, oldest first. */
export async function casesOf(tx: Tx, orderIds: number[]): Promise<OrderCase[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(orderCases)
    .where(inArray(orderCases.orderId, orderIds))
    .orderBy(asc(orderCases.id));
  if (rows.length === 0) return [];
  const disputed = rows.flatMap((r) => (r.invoiceId === null ? [] : [r.invoiceId]));
  const references = new Map(
    disputed.length === 0
      ? []
      : (
          await tx
            .select({ id: invoices.id, reference: invoices.reference })
            .from(invoices)
            .where(inArray(invoices.id, disputed))
        ).map((i) => [i.id, i.reference]),
  );
  const messages = await tx
    .select()
    .from(caseMessages)
    .where(
      inArray(
        caseMessages.caseId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(caseMessages.id));
  const days = await disputeDecideDays(tx);
  return rows.map((row) => toOrderCase(row, messages, references, days));
}

/** The days staff have to decide a dispute (the setting, or its default). */
export async function disputeDecideDays(tx: Pick<Tx, 'select'>): Promise<number> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(
      and(
        eq(settings.category, DISPUTE_DECIDE_SETTING.category),
        eq(settings.name, DISPUTE_DECIDE_SETTING.name),
      ),
    );
  if (!row) return disputeDecideDaysOf(undefined);
  try {
    return disputeDecideDaysOf(JSON.parse(row.value));
  } catch {
    return disputeDecideDaysOf(row.value);
  }
}

export function toOrderCase(
  row: CaseRow,
  messages: (typeof caseMessages.$inferSelect)[],
  invoiceReferences: ReadonlyMap<number, string> = new Map(),
  decideDays = DEFAULT_DISPUTE_DECIDE_DAYS,
): OrderCase {
  const remeasure = row.remeasure;
  return {
    Id: row.id,
    Reference: row.reference,
    OrderId: row.orderId,
    Status: row.status,
    Description: row.description,
    // The office's replies carry no staff name.
    Messages: messages
      .filter((m) => m.caseId === row.id)
      .map((m) => ({
        From: m.authorType === 'customer' ? ('customer' as const) : ('staff' as const),
        Body: m.body,
        At: m.at.toISOString(),
      })),
    Created: row.createdAt.toISOString(),
    Updated: row.updatedAt.toISOString(),
    Kind: row.kind,
    Dispute:
      row.kind === 'dispute' && row.invoiceId !== null
        ? {
            InvoiceId: row.invoiceId,
            InvoiceReference: invoiceReferences.get(row.invoiceId) ?? '',
            Outcome: row.outcome,
            DecideBy:
              row.status === 'Resolved'
                ? null
                : disputeDecideBy(row.createdAt, decideDays).toISOString(),
            Amount: row.outcomePence === null ? null : toPounds(row.outcomePence),
            Remeasured: remeasure
              ? {
                  Weight: remeasure.weightGrams,
                  Length: remeasure.lengthMm,
                  Width: remeasure.widthMm,
                  Height: remeasure.heightMm,
                  At: remeasure.at,
                }
              : null,
          }
        : null,
  };
}

/**
 * The customer reports missing items on their own order: opens a case (or adds to the open one)
 * with their words as a message and queues the acknowledgement, in one transaction. The order
 * row is locked meanwhile, so two reports at once cannot open two cases.
 */
export async function reportMissingItems(
  db: Db,
  site: Site,
  customerId: number,
  orderId: number,
  description: string,
): Promise<{ opened: boolean; orderCase: OrderCase }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, reference: orders.reference, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
      .for('update');
    if (!order) throw new HttpError(404, ORDER_DETAIL_MESSAGES.notFound);
    if (!canReportMissingItems(order.status)) {
      throw new HttpError(409, CASE_MESSAGES.notYet(order.status));
    }
    const now = new Date();
    const [open] = await tx
      .select()
      .from(orderCases)
      .where(
        and(
          eq(orderCases.orderId, order.id),
          eq(orderCases.kind, 'missing-items'),
          ne(orderCases.status, 'Resolved'),
        ),
      )
      .orderBy(desc(orderCases.id))
      .limit(1)
      .for('update');
    let row: CaseRow;
    if (open) {
      const customer = { type: 'customer' as const, id: customerId };
      [row] = await moveCase(tx, open, 'Open', customer, { updatedAt: now });
    } else {
      const [id] = await nextIds(tx, 'order_cases');
      [row] = await tx
        .insert(orderCases)
        .values({
          id,
          reference: caseReference(id),
          orderId: order.id,
          customerId,
          description,
        })
        .returning();
    }
    await tx
      .insert(caseMessages)
      .values({ caseId: row.id, authorType: 'customer', authorId: customerId, body: description });

    const [customer] = await tx.select().from(users).where(eq(users.id, customerId));
    if (customer?.email) {
      await queueMail(
        tx,
        missingItemsEmail(
          site,
          { email: customer.email, firstName: customer.firstName ?? fullName(customer) },
          {
            caseReference: row.reference,
            orderId: order.id,
            orderReference: order.reference,
            trackUrl: await trackingUrlOf(tx, site, order.id),
            description,
            opened: !open,
          },
        ),
      );
    }
    const messages = await tx
      .select()
      .from(caseMessages)
      .where(eq(caseMessages.caseId, row.id))
      .orderBy(asc(caseMessages.id));
    return { opened: !open, orderCase: toOrderCase(row, messages) };
  });
}
