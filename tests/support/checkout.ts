import { eq } from 'drizzle-orm';
import type { AddressInput } from '../../src/shared/api/addresses';
import type { BookingInput, CheckoutRequest, CheckoutResult } from '../../src/shared/api/checkout';
import { addresses, orderExtras, products, users } from '../../src/server/db/schema';
import { raiseInvoice } from '../../src/server/modules/invoices/service';
import type { TestContext } from './app';
import { bearer, registerCustomer } from './accounts';

/**
 * Factories and calls for checkout tests: a customer with saved addresses, bookings from the
 * seeded catalogue, the checkout calls, and invoices (raised directly, as staff will).
 */

/** The seeded price band with this code (A to M), as the catalogue holds it. */
export async function band(ctx: TestContext, code: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.code, code));
  return row;
}

export async function extra(ctx: TestContext, code: string) {
  const [row] = await ctx.database.db.select().from(orderExtras).where(eq(orderExtras.code, code));
  return row;
}

let counter = 0;

/** The sandbox's payment page's form, filled with a card (any future expiry, any 3 digits). */
export const sandboxCardForm = (card: string, name: string) =>
  new URLSearchParams({ card, expiry: '12 / 30', cvc: '123', name }).toString();

/** A finished booking of a band, to Jersey, as the browser sends it. */
export function booking(productId: number, overrides: Partial<BookingInput> = {}): BookingInput {
  counter += 1;
  return {
    LocalId: counter,
    ProductId: productId,
    size: null,
    Weight: null,
    RetailerName: 'John Lewis',
    RetailerWebsite: 'www.johnlewis.com',
    RetailerOrderNumber: `JL-${1000 + counter}`,
    ExpectedDeliveryDate: '',
    TrackingNumber: '',
    DeliveryCount: null,
    TermsAcceptedAt: '2026-11-20T10:00:00.000Z',
    ItemDescription: 'Kettle and toaster',
    ItemValue: 89.99,
    ItemCount: 2,
    Island: 'Jersey',
    selectedExtras: [],
    ...overrides,
  };
}

export const JERSEY_HOME: AddressInput = {
  Type: 'Delivery',
  FullName: 'Ann Le Brocq',
  Company: '',
  Line1: '12 Rue de la Mare',
  Line2: '',
  Town: '',
  Parish: 'St Helier',
  Island: 'Jersey',
  Country: 'JE',
  Postcode: 'JE2 3AB',
  Telephone: '',
};

const LONDON_BILLING: AddressInput = {
  Type: 'Billing',
  FullName: 'Ann Le Brocq',
  Company: '',
  Line1: '1 Bank Street',
  Line2: '',
  Town: 'London',
  Parish: '',
  Island: null,
  Country: 'GB',
  Postcode: 'E14 5AB',
  Telephone: '',
};

export async function saveAddress(ctx: TestContext, customerId: number, address: AddressInput) {
  const [row] = await ctx.database.db
    .insert(addresses)
    .values({
      customerId,
      type: address.Type,
      fullName: address.FullName,
      line1: address.Line1,
      town: address.Town,
      parish: address.Parish,
      island: address.Island,
      country: address.Country,
      postcode: address.Postcode,
    })
    .returning();
  return row.id;
}

/** A registered customer with a Jersey delivery address and a UK billing address. */
export async function checkoutCustomer(ctx: TestContext) {
  const account = await registerCustomer(ctx);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, account.email));
  return {
    ...account,
    id: user.id,
    deliveryId: await saveAddress(ctx, user.id, JERSEY_HOME),
    billingId: await saveAddress(ctx, user.id, LONDON_BILLING),
  };
}

export type Customer = Awaited<ReturnType<typeof checkoutCustomer>>;

let keys = 0;
const newKey = () => `test-key-${Date.now().toString(36)}-${(keys += 1)}`;

export function checkoutCalls(ctx: TestContext) {
  const create = (
    customer: { token: string },
    body: Partial<CheckoutRequest> | Record<string, unknown>,
    key: string | null = newKey(),
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/public/orders/create',
      headers: { ...bearer(customer.token), ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: body as object,
    });
  return {
    create,
    /** A valid checkout of these bookings to the customer's saved addresses. */
    checkout: (
      customer: Customer,
      bookings: BookingInput[],
      extras: Partial<CheckoutRequest> = {},
      key?: string,
    ) =>
      create(
        customer,
        {
          Orders: bookings,
          DeliveryAddressId: customer.deliveryId,
          BillingAddressId: customer.billingId,
          TermsAccepted: true,
          ...extras,
        },
        key,
      ),
    checkDiscount: (customer: { token: string }, body: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/public/orders/checkdiscount',
        headers: bearer(customer.token),
        payload: body as object,
      }),
    payment: (customer: { token: string }, reference: string) =>
      ctx.app.inject({ url: `/public/payment/${reference}`, headers: bearer(customer.token) }),
    /** Submits the sandbox payment page with a card; answers the redirect. */
    payWithCard: (result: CheckoutResult, card: string) =>
      ctx.app.inject({
        method: 'POST',
        url: result.Payment.CheckoutUrl!,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: sandboxCardForm(card, 'Ann Le Brocq'),
      }),
    orders: (customer: { token: string }) =>
      ctx.app.inject({ method: 'POST', url: '/public/orders', headers: bearer(customer.token) }),
  };
}

/** Raises an invoice on an order, as staff will. */
export function invoiceFor(
  ctx: TestContext,
  orderId: number,
  amountPence: number,
  { hold = false, reason = 'Excess carriage: the parcel is larger than booked' } = {},
) {
  // in the app's clock, as the office's request runs (a held parcel is planned by it: appNow())
  return ctx.app.clock.run(() =>
    ctx.database.db.transaction((tx) =>
      raiseInvoice(tx, { orderId, amountPence, reason, hold }, { type: 'system' }),
    ),
  );
}
