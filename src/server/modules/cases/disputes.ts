import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderCase } from '../../../shared/api/cases';
import type { OfficeCaseDetail } from '../../../shared/api/office-cases';
import type { FittableBand } from '../../../shared/band-fit';
import {
  DISPUTE_MESSAGES,
  DISPUTE_SETTING,
  disputeDaysOf,
  disputeRefusal,
  disputeUntil,
} from '../../../shared/disputes';
import { excessCarriage } from '../../../shared/excess';
import { formatMoney, toPounds } from '../../../shared/money';
import { caseReference } from '../../../shared/order-reference';
import type { OrderStatus } from '../../../shared/order-status';
import { nextIds } from '../../db/next-ids';
import {
  caseMessages,
  invoices,
  orderCases,
  orders,
  parcelPhotos,
  parcels,
  settings,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { queueMail } from '../../lib/mail';
import type { Site } from '../../config';
import { recipient } from '../../lib/recipient';
import { bookedCarriage, offeredBands } from '../depot/receiving';
import { toInvoice } from '../invoices/service';
import { recordOrderEvent } from '../orders/lifecycle';
import type { Actor } from '../../lib/actor';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../lib/audit';
import { withTrackUrl } from '../../lib/tracking-codes';
import { disputeOpenedEmail } from './emails';
import { disputeDecideDays, toOrderCase } from './service';

/**
 * Disputes of a re-measure (decision 0038, rules in src/shared/disputes.ts). A dispute is a case of
 * kind `dispute` on the invoice's order, one an invoice (a unique index); while it is not
 * Resolved the invoice is not reminded and the parcel is not dispatched. The staff's decision is
 * taken once: the case row is locked and must not be Resolved, and the refund of a paid invoice
 * is reserved in the same transaction (payments/refunds.ts), then asked of the provider with its
 * own idempotency key; a refund left pending (the provider silent, the process killed) is
 * settled by the refund follow-up with the same key. So two decisions at once, or a decision
 * repeated after a crash, never give the money back twice.
 */

type CaseRow = typeof orderCases.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

/** The orders at the depot whose invoice may be disputed (the parcel is there to be held). */
const AT_DEPOT: readonly OrderStatus[] = ['Received at Depot', 'Awaiting Payment', 'Paid'];

/** The days an excess-carriage invoice may be disputed (the setting, or its default). */
async function disputeDays(tx: Pick<Tx, 'select'>): Promise<number> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(
      and(eq(settings.category, DISPUTE_SETTING.category), eq(settings.name, DISPUTE_SETTING.name)),
    );
  if (!row) return disputeDaysOf(undefined);
  try {
    return disputeDaysOf(JSON.parse(row.value));
  } catch {
    return disputeDaysOf(row.value);
  }
}

/** For the customer's order page: until when each invoice may be disputed, and its case. */
export async function disputeFacts(
  tx: Tx,
  rows: readonly InvoiceRow[],
  orderStatus: OrderStatus,
  now: Date,
) {
  const ids = rows.map((r) => r.id);
  const cases =
    ids.length === 0
      ? []
      : await tx
          .select({ id: orderCases.id, invoiceId: orderCases.invoiceId })
          .from(orderCases)
          .where(inArray(orderCases.invoiceId, ids));
  const days = await disputeDays(tx);
  return new Map(
    rows.map((row) => {
      const caseId = cases.find((c) => c.invoiceId === row.id)?.id ?? null;
      const open =
        AT_DEPOT.includes(orderStatus) && disputeRefusal(row, caseId !== null, now, days) === null;
      return [
        row.id,
        {
          DisputeUntil: open ? disputeUntil(row.createdAt, days).toISOString() : null,
          CaseId: caseId,
        },
      ];
    }),
  );
}

async function caseView(tx: Tx, row: CaseRow, invoiceReference: string): Promise<OrderCase> {
  const messages = await tx
    .select()
    .from(caseMessages)
    .where(eq(caseMessages.caseId, row.id))
    .orderBy(asc(caseMessages.id));
  return toOrderCase(
    row,
    messages,
    new Map([[row.invoiceId!, invoiceReference]]),
    await disputeDecideDays(tx),
  );
}

/**
 * The customer disputes their excess-carriage invoice with a message: a case is opened, the
 * order's timeline says so, the customer is e-mailed, and it is audited with the customer as
 * actor. The invoice's row is locked meanwhile, so two disputes at once open one case.
 */
export async function openDispute(
  db: Db,
  site: Site,
  customerId: number,
  invoiceId: number,
  message: string,
  now: Date,
): Promise<OrderCase> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ invoice: invoices, order: orders })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(eq(invoices.id, invoiceId), eq(invoices.customerId, customerId)))
      .for('update', { of: invoices });
    if (!found) throw new HttpError(404, DISPUTE_MESSAGES.noSuchInvoice);
    const { invoice, order } = found;
    const [existing] = await tx
      .select({ id: orderCases.id })
      .from(orderCases)
      .where(eq(orderCases.invoiceId, invoice.id));
    const refusal = disputeRefusal(invoice, Boolean(existing), now, await disputeDays(tx));
    if (refusal) throw new HttpError(409, refusal);
    if (!AT_DEPOT.includes(order.status)) {
      throw new HttpError(409, DISPUTE_MESSAGES.notAtDepot(order.status));
    }
    const [id] = await nextIds(tx, 'order_cases');
    const [row] = await tx
      .insert(orderCases)
      .values({
        id,
        reference: caseReference(id),
        orderId: order.id,
        customerId,
        kind: 'dispute',
        invoiceId: invoice.id,
        description: message,
      })
      .returning();
    await tx
      .insert(caseMessages)
      .values({ caseId: row.id, authorType: 'customer', authorId: customerId, body: message });
    const actor: Actor = { type: 'customer', id: customerId };
    await recordOrderEvent(
      tx,
      order.id,
      actor,
      `${invoice.reference} disputed (${row.reference}): the parcel is held until it is decided`,
      { kind: 'dispute', caseId: row.id, invoiceId: invoice.id },
    );
    await audit(tx, {
      actorId: customerId,
      action: 'dispute',
      subject: 'Invoice',
      subjectId: invoice.id,
      after: { Case: row.reference, Message: message },
    });
    const to = await recipient(tx, customerId);
    if (to) {
      await queueMail(
        tx,
        disputeOpenedEmail(site, to, await withTrackUrl(tx, site, order), {
          caseReference: row.reference,
          invoiceReference: invoice.reference,
          message,
        }),
      );
    }
    return caseView(tx, row, invoice.reference);
  });
}

/** GET /api/admin/cases/{Id}'s evidence of a dispute: booked beside measured, with the photos. */
export async function disputeEvidence(
  tx: Tx,
  orderCase: { Id: number; Kind: string; Dispute: OrderCase['Dispute'] },
): Promise<OfficeCaseDetail['Evidence']> {
  if (orderCase.Kind !== 'dispute' || !orderCase.Dispute) return null;
  const [found] = await tx
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, orderCase.Dispute.InvoiceId));
  const { invoice, order } = found;
  const [parcel] = await tx.select().from(parcels).where(eq(parcels.orderId, order.id));
  const booked = await bookedCarriage(tx, order);
  const photos = parcel
    ? await tx
        .select({ id: parcelPhotos.id, at: parcelPhotos.createdAt, caseId: parcelPhotos.caseId })
        .from(parcelPhotos)
        .where(eq(parcelPhotos.parcelId, parcel.id))
        .orderBy(asc(parcelPhotos.id))
    : [];
  const again = orderCase.Dispute.Remeasured;
  let suggested: NonNullable<OfficeCaseDetail['Evidence']>['Suggested'] = null;
  if (again) {
    const outcome = excessCarriage<FittableBand & { Code: string; Name: string }>(
      {
        size: { length: again.Length, width: again.Width, height: again.Height },
        weightGrams: again.Weight,
      },
      booked,
      await offeredBands(tx),
    );
    suggested =
      outcome.kind === 'excess'
        ? {
            Amount: toPounds(outcome.amountPence),
            Band: `${outcome.band.Code} (${outcome.band.Name})`,
            Note: `The re-measure fits band ${outcome.band.Code}: the invoice would be ${formatMoney(outcome.amountPence)}.`,
          }
        : outcome.kind === 'within'
          ? {
              Amount: 0,
              Band: null,
              Note: 'The re-measure fits what was booked: nothing would be owed.',
            }
          : { Amount: toPounds(invoice.amountPence), Band: null, Note: outcome.reason };
  }
  const band = booked.band as (FittableBand & { Code: string; Name: string }) | null;
  return {
    Invoice: toInvoice(invoice, order.reference),
    Booked: band
      ? {
          Code: band.Code,
          Name: band.Name,
          Length: band.Length,
          Width: band.Width,
          Height: band.Height,
          MaxWeight: band.MaxWeight,
        }
      : null,
    PaidForCarriage: toPounds(booked.paidPence),
    Measured:
      parcel?.weightGrams && parcel.lengthMm && parcel.widthMm && parcel.heightMm
        ? {
            Weight: parcel.weightGrams,
            Length: parcel.lengthMm,
            Width: parcel.widthMm,
            Height: parcel.heightMm,
          }
        : null,
    Photos: photos.map((p) => ({
      Id: p.id,
      Taken: p.at.toISOString(),
      Remeasure: p.caseId === orderCase.Id,
    })),
    Suggested: suggested,
  };
}
