import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_ORDERS_SHOWN,
  type CustomerDetail,
  type CustomerExport,
  type CustomerProfile,
  type CustomerSummary,
  type customersQuery,
} from '../../../shared/api/customers-admin';
import { isValidReference, normaliseReference } from '../../../shared/customer-reference';
import {
  addresses,
  exportCertificates,
  invoices,
  orderCases,
  orders,
  payments,
  sessions,
  users,
} from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { toAddress } from '../addresses/service';
import { auditAbout } from '../audit/queries';
import { fullName } from '../auth/user-data';
import { discountCodeOf } from '../discounts/service';
import { containing, pageOf, pageWindow } from '../../lib/paging';
import { officeOrderDetail, searchOrders } from '../office/queries';
import { officeCasesById } from '../office/lists';
import type { Tx } from '../../db/client';
import { toPayment } from '../payments/views';
import { householdMembersOf, toHouseholdMember } from '../household/service';

/**
 * The office's view of customer accounts (decision 0022). Nothing here reads a password hash, a
 * session's or a link's token hash into an answer: each answer is built field by field.
 */

type UserRow = typeof users.$inferSelect;

const isCustomer = eq(users.role, 'customer');

const stateOf = (u: UserRow) => (u.deletedAt ? 'Deleted' : u.disabledAt ? 'Disabled' : 'Active');

const summary = (u: UserRow, orderCount: number): CustomerSummary => ({
  Id: u.id,
  Reference: u.reference,
  Name: fullName(u),
  Email: u.email,
  EmailValidated: u.emailValidatedAt !== null,
  Status: stateOf(u),
  Country: u.country,
  Orders: orderCount,
  Created: u.createdAt.toISOString(),
});

const toCustomerProfile = (u: UserRow): CustomerProfile => {
  const { Orders: _orders, ...rest } = summary(u, 0);
  return {
    ...rest,
    Salutation: u.salutation,
    FirstName: u.firstName ?? '',
    LastName: u.lastName ?? '',
    DOB: u.dob,
    Telephone: u.telephone,
    Marketing: u.marketing,
    TermsAccepted: u.termsAcceptedAt?.toISOString() ?? null,
    Disabled: u.disabledAt?.toISOString() ?? null,
    Updated: u.updatedAt.toISOString(),
  };
};

/** What the office may do with the account now. */
const customerActions = (u: UserRow) => ({
  ResendValidation: !u.deletedAt && !u.disabledAt && !u.emailValidatedAt && Boolean(u.email),
  Disable: !u.deletedAt && !u.disabledAt,
  Enable: !u.deletedAt && Boolean(u.disabledAt),
});

/**
 * GET /api/admin/customers: a whole customer reference is found on its unique index; any other
 * text is part of the e-mail address or the name (ILIKE over the customers: a sequential scan,
 * some milliseconds with 20,000 of them; a trigram index is the next step if that grows). Deleted
 * accounts (tombstones without a name or address) are found by their reference only.
 */
export async function searchCustomers(tx: Tx, q: z.output<typeof customersQuery>) {
  const where: SQL[] = [isCustomer];
  if (q.search) {
    const reference = normaliseReference(q.search);
    if (isValidReference(reference)) {
      where.push(eq(users.reference, reference));
    } else {
      const like = containing(q.search);
      where.push(
        isNull(users.deletedAt),
        or(
          ilike(users.email, like),
          ilike(
            sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`,
            like,
          ),
        )!,
      );
    }
  } else {
    where.push(isNull(users.deletedAt));
  }
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select()
      .from(users)
      .where(condition)
      .orderBy(desc(users.id))
      .limit(pageWindow(q).limit)
      .offset(pageWindow(q).offset),
    tx.select({ total: count() }).from(users).where(condition),
  ]);
  // how many orders each has, on orders_customer_id_idx
  const counts = rows.length
    ? await tx
        .select({ customerId: orders.customerId, n: count() })
        .from(orders)
        .where(
          inArray(
            orders.customerId,
            rows.map((u) => u.id),
          ),
        )
        .groupBy(orders.customerId)
    : [];
  const items = rows.map((u) => summary(u, counts.find((c) => c.customerId === u.id)?.n ?? 0));
  return pageOf(items, total, q);
}

/** The customer account with this id, or a 404 (staff accounts are not customers). */
export async function findCustomer(tx: Tx, id: number): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isCustomer));
  if (!row) throw new HttpError(404, CUSTOMER_MESSAGES.noSuchCustomer);
  return row;
}

const addressesOf = async (tx: Tx, customerId: number) =>
  (
    await tx
      .select()
      .from(addresses)
      .where(eq(addresses.customerId, customerId))
      .orderBy(asc(addresses.type), asc(addresses.id))
  ).map(toAddress);

async function casesOfCustomer(tx: Tx, customerId: number) {
  const rows = await tx
    .select({ id: orderCases.id })
    .from(orderCases)
    .where(eq(orderCases.customerId, customerId))
    .orderBy(desc(orderCases.id));
  return officeCasesById(
    tx,
    rows.map((r) => r.id),
  );
}

/** GET /api/admin/customers/{Id}: the account, addresses, latest orders and cases. */
export async function customerDetail(tx: Tx, id: number): Promise<CustomerDetail> {
  const customer = await findCustomer(tx, id);
  const latest = await searchOrders(tx, {
    customer: customer.reference,
    sortBy: 'Created',
    sortDesc: true,
    page: 1,
    itemsPerPage: CUSTOMER_ORDERS_SHOWN,
  });
  return {
    Customer: toCustomerProfile(customer),
    Addresses: await addressesOf(tx, id),
    Household: (await householdMembersOf(tx, id)).map(toHouseholdMember),
    Orders: { items: latest.items, total: latest.total },
    Cases: await casesOfCustomer(tx, id),
    Actions: customerActions(customer),
  };
}

/**
 * GET /api/admin/customers/{Id}/export: everything held about the customer. Each order as the
 * office's order page reads it (timeline, payments, refunds, invoices, cases with their messages,
 * the parcel with its photos' metadata); every payment asked of them; their certificates' facts;
 * their sessions' dates; and the audit log's entries about them and their records. Never a
 * password hash, a session's or a link's token, a checkout page's address or a certificate's
 * verification code.
 */
export async function customerExport(
  tx: Tx,
  id: number,
  now = new Date(),
): Promise<CustomerExport> {
  const customer = await findCustomer(tx, id);
  const orderIds = (
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.customerId, id))
      .orderBy(asc(orders.id))
  ).map((o) => o.id);
  const orderDetails = [];
  for (const orderId of orderIds) {
    const { Actions: _actions, ...detail } = await officeOrderDetail(tx, orderId);
    orderDetails.push({
      ...detail,
      Payments: detail.Payments.map((p) => ({ ...p, CheckoutUrl: null })),
    });
  }
  const paymentRows = await tx
    .select()
    .from(payments)
    .where(eq(payments.customerId, id))
    .orderBy(asc(payments.id));
  const certificates = orderIds.length
    ? await tx
        .select({
          reference: orders.reference,
          issuedAt: exportCertificates.issuedAt,
          facts: exportCertificates.facts,
        })
        .from(exportCertificates)
        .innerJoin(orders, eq(orders.id, exportCertificates.orderId))
        .where(inArray(exportCertificates.orderId, orderIds))
        .orderBy(asc(exportCertificates.id))
    : [];
  const sessionRows = await tx
    .select({
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, id))
    .orderBy(asc(sessions.createdAt));
  const invoiceIds = (
    await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, id))
  ).map((i) => i.id);
  const caseIds = (
    await tx.select({ id: orderCases.id }).from(orderCases).where(eq(orderCases.customerId, id))
  ).map((c) => c.id);
  return {
    Exported: now.toISOString(),
    Customer: toCustomerProfile(customer),
    Addresses: await addressesOf(tx, id),
    Household: (await householdMembersOf(tx, id)).map(toHouseholdMember),
    Orders: orderDetails,
    Payments: await Promise.all(
      paymentRows.map(async (p) => ({
        ...toPayment(p, await discountCodeOf(tx, p.discountCodeId)),
        CheckoutUrl: null,
      })),
    ),
    Certificates: certificates.map((c) => ({
      OrderReference: c.reference,
      Issued: c.issuedAt.toISOString(),
      Facts: c.facts,
    })),
    Sessions: sessionRows.map((s) => ({
      Created: s.createdAt.toISOString(),
      LastUsed: s.lastUsedAt.toISOString(),
      Expires: s.expiresAt.toISOString(),
    })),
    Audit: await auditAbout(tx, [
      { subjects: ['Customer'], ids: [id] },
      { subjects: ['Order', 'Quote'], ids: orderIds },
      { subjects: ['Invoice'], ids: invoiceIds },
      { subjects: ['Case'], ids: caseIds },
    ]),
  };
}
