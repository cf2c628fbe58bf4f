import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { checkoutResponse, type CheckoutResult } from '../../src/shared/api/checkout';
import {
  QUOTE_MESSAGES,
  customerQuoteSchema,
  type AcceptQuoteRequest,
} from '../../src/shared/api/quotes';
import { orderEvents, orders, payments } from '../../src/server/db/schema';
import { expireStalePayments } from '../../src/server/modules/payments/close';
import { useTestApp } from '../support/app';
import { requestQuote as requestQuoteOf, SOFA as sofa } from '../support/office';
import { bearer, waitForMail } from '../support/accounts';
import {
  band,
  booking,
  checkoutCalls,
  checkoutCustomer,
  extra,
  saveAddress,
  JERSEY_HOME,
  type Customer,
} from '../support/checkout';

const ctx = useTestApp();
const calls = checkoutCalls(ctx);

const auth = (token?: string) => (token ? bearer(token) : {});
const requestQuote = (customer: Customer) => requestQuoteOf(ctx, customer);

const priceIt = (Reference: string, Amount = 145.5, Note = 'Two-person delivery included.') =>
  ctx.post('/dev/quotes/price', { OrderReference: Reference, Amount, Note });

/** A quote of the customer's, priced by the office at £145.50. */
async function readyQuote(customer: Customer) {
  const quote = await requestQuote(customer);
  const priced = await priceIt(quote.Reference);
  expect(priced.statusCode, priced.body).toBe(200);
  return quote;
}

const getQuote = (id: number | string, token?: string) =>
  ctx.app.inject({ url: `/public/orders/quote/${id}`, headers: auth(token) });
const accept = (id: number | string, body: unknown, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/public/orders/accept/${id}`,
    headers: auth(token),
    payload: body as object,
  });
const decline = (id: number | string, token?: string) =>
  ctx.app.inject({ method: 'POST', url: `/public/orders/decline/${id}`, headers: auth(token) });

const choices = (customer: Customer, more: Partial<AcceptQuoteRequest> = {}) => ({
  selectedExtras: [],
  DeliveryAddressId: customer.deliveryId,
  BillingAddressId: customer.billingId,
  TermsAccepted: true,
  ...more,
});

const orderRow = async (id: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0];

const paymentsOf = (customer: Customer) =>
  ctx.database.db.select().from(payments).where(eq(payments.customerId, customer.id));

const fieldsOf = (res: { json(): { errors?: { field: string }[] } }) =>
  (res.json().errors ?? []).map((e) => e.field);

describe('pricing a quote (POST /dev/quotes/price, as the office screen prices one)', () => {
  test('makes it Quote Ready with its price and note, and e-mails the customer a link', async () => {
    const ann = await checkoutCustomer(ctx);
    const quote = await requestQuote(ann);
    const before = customerQuoteSchema.parse((await getQuote(quote.Id, ann.token)).json());
    expect(before).toMatchObject({
      StatusId_Name: 'Quote Requested',
      QuotePrice: null,
      QuotedAt: null,
      Actions: { Accept: false, Decline: false },
    });

    const res = await priceIt(quote.Reference, 145.5, 'Two-person delivery included.');
    expect(res.statusCode, res.body).toBe(200);
    const shown = customerQuoteSchema.parse((await getQuote(quote.Id, ann.token)).json());
    expect(shown).toMatchObject({
      StatusId_Name: 'Quote Ready',
      QuotePrice: 145.5,
      QuoteNote: 'Two-person delivery included.',
      QuotedAt: expect.any(String),
      Actions: { Accept: true, Decline: true },
      Payment: null,
    });
    const mail = await waitForMail(ctx, { to: ann.email, kind: 'quote-ready' });
    expect(mail.subject).toContain(quote.Reference);
    expect(mail.text).toContain('£145.50');
    expect(mail.text).toContain('Two-person delivery included.');
    expect(mail.links).toContain(`${ctx.config.publicUrl}/dashboard/quote/${quote.Id}`);
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, quote.Id));
    expect(events.map((e) => e.toStatus)).toEqual(['Quote Requested', 'Quote Ready']);

    // Priced once: a second price is refused, and a bad body names its field.
    const again = await priceIt(quote.Reference, 99);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QUOTE_MESSAGES.notPriceable('Quote Ready'));
    expect((await orderRow(quote.Id)).quotePricePence).toBe(14550);
    expect((await priceIt('ORD-999999')).statusCode).toBe(404);
    // nothing, less than a penny (the fuzz gate found 1e-277 let through), or part of a penny
    for (const Amount of [0, 1e-277, 0.004, 12.345]) {
      const bad = await ctx.post('/dev/quotes/price', { OrderReference: quote.Reference, Amount });
      expect(bad.statusCode, String(Amount)).toBe(400);
      expect([...new Set(fieldsOf(bad))]).toEqual(['Amount']);
    }
  });
});

describe('GET /public/orders/quote/{id}', () => {
  test("answers the customer's own quote with the booking it answers", async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const quote = await readyQuote(ann);
    const res = await getQuote(quote.Id, ann.token);
    expect(res.statusCode).toBe(200);
    expect(customerQuoteSchema.parse(res.json())).toMatchObject({
      Id: quote.Id,
      Reference: quote.Reference,
      size: sofa.size,
      Weight: 85_000,
      ItemDescription: 'Three-seat sofa, boxed',
      ItemValue: 899.5,
      Island: 'Jersey',
      Notes: 'Ground floor, wide door.',
      QuotePrice: 145.5,
    });
    const other = await getQuote(quote.Id, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(QUOTE_MESSAGES.notFound);
    expect((await getQuote(quote.Id)).statusCode).toBe(401);
    const bad = await getQuote('abc', ann.token);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['id']);
  });

  test('an order of a price band is not a quote', async () => {
    const ann = await checkoutCustomer(ctx);
    const a = await band(ctx, 'A');
    const result = checkoutResponse.parse((await calls.checkout(ann, [booking(a.id)])).json());
    expect((await getQuote(result.Orders[0].Id, ann.token)).statusCode).toBe(404);
  });
});

describe('POST /public/orders/accept/{id}', () => {
  test('prices it on the server, creates its payment, and paying books it', async () => {
    const ann = await checkoutCustomer(ctx);
    const quote = await readyQuote(ann);
    const insurance = await extra(ctx, 'insurance-1500');
    const signature = await extra(ctx, 'signature');
    // Whatever prices the browser sends are dropped: the quote's and the catalogue's count.
    const res = await accept(
      quote.Id,
      {
        ...choices(ann, { selectedExtras: [insurance.id, signature.id] }),
        QuotePrice: 1,
        Total: 1,
        Lines: [{ Name: 'Delivery Price', Amount: 1 }],
        Extras: [{ Id: insurance.id, Price: 0 }],
      },
      ann.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const result = checkoutResponse.parse(res.json());
    expect(result.Payment).toMatchObject({
      Kind: 'checkout',
      Status: 'pending',
      Amount: 160.95, // 145.50 + 12.95 + 2.50
      CheckoutUrl: expect.stringMatching(/^\/sandbox\/checkout\//),
    });
    expect(result.Orders).toHaveLength(1);
    expect(result.Orders[0]).toMatchObject({
      Id: quote.Id,
      StatusId_Name: 'Awaiting Payment',
      selectedExtras: [insurance.id, signature.id],
      Lines: [
        { Name: 'Delivery Price', Amount: 145.5 },
        { Name: 'Insurance cover up to £1,500', Amount: 12.95 },
        { Name: 'Signature on delivery', Amount: 2.5 },
      ],
      Total: 160.95,
    });
    const row = await orderRow(quote.Id);
    expect(row.deliveryAddress).toMatchObject({ Line1: JERSEY_HOME.Line1, Island: 'Jersey' });
    expect(row.termsAcceptedAt).not.toBeNull();
    const shown = customerQuoteSchema.parse((await getQuote(quote.Id, ann.token)).json());
    expect(shown).toMatchObject({
      StatusId_Name: 'Awaiting Payment',
      Actions: { Accept: false, Decline: false },
      Payment: { Reference: result.Payment.Reference, Status: 'pending' },
    });

    // Paid with the sandbox's test card: the parcel is awaited, and the receipt sent.
    const paid = await calls.payWithCard(result, '4242424242424242');
    expect(paid.headers.location).toBe(`/payment/success/?ref=${result.Payment.Reference}`);
    expect((await orderRow(quote.Id)).status).toBe('Awaiting Parcel');
    const receipt = await waitForMail(
      ctx,
      (e) => e.to === ann.email && e.subject.includes(result.Payment.Reference),
    );
    expect(receipt.text).toContain('Total paid: £160.95');

    // Answered once: accepting or declining it again is refused.
    const twice = await accept(quote.Id, choices(ann), ann.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(QUOTE_MESSAGES.notAnswerable('Awaiting Parcel'));
    expect((await decline(quote.Id, ann.token)).statusCode).toBe(409);
  });

  test('two accepts at once make one payment; other choices afterwards are refused', async () => {
    const ann = await checkoutCustomer(ctx);
    const quote = await readyQuote(ann);
    const signature = await extra(ctx, 'signature');
    const body = choices(ann, { selectedExtras: [signature.id] });
    const answers = await Promise.all([
      accept(quote.Id, body, ann.token),
      accept(quote.Id, body, ann.token),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const results = answers.map((a) => checkoutResponse.parse(a.json()));
    expect(results[0].Payment.Id).toBe(results[1].Payment.Id);
    expect(results[0].Payment.CheckoutUrl).toBe(results[1].Payment.CheckoutUrl);
    expect(await paymentsOf(ann)).toHaveLength(1);
    const events = await ctx.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, quote.Id));
    expect(events.filter((e) => e.toStatus === 'Awaiting Payment')).toHaveLength(1);

    const otherChoices = await accept(quote.Id, choices(ann), ann.token);
    expect(otherChoices.statusCode).toBe(409);
    expect(otherChoices.json().message).toBe(QUOTE_MESSAGES.acceptedOtherwise);
  });

  test("another customer's quote, no token, and a quote not yet priced", async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const quote = await readyQuote(ann);
    const other = await accept(quote.Id, choices(bob), bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(QUOTE_MESSAGES.notFound);
    expect((await accept(quote.Id, choices(ann))).statusCode).toBe(401);
    expect((await orderRow(quote.Id)).status).toBe('Quote Ready');

    const unpriced = await requestQuote(ann);
    const early = await accept(unpriced.Id, choices(ann), ann.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(QUOTE_MESSAGES.notAnswerable('Quote Requested'));
    expect(await paymentsOf(ann)).toEqual([]);
  });

  test('a bad body is a 400 naming the field, and nothing is accepted', async () => {
    const ann = await checkoutCustomer(ctx);
    const quote = await readyQuote(ann);
    const storage = await extra(ctx, 'storage-week'); // disabled: the depot's to add
    const guernsey = await saveAddress(ctx, ann.id, { ...JERSEY_HOME, Island: 'Guernsey' });
    const cases: [unknown, string[]][] = [
      [{ ...choices(ann), DeliveryAddressId: undefined }, ['DeliveryAddressId']],
      [{ ...choices(ann), TermsAccepted: false }, ['TermsAccepted']],
      [choices(ann, { selectedExtras: ['two' as unknown as number] }), ['selectedExtras.0']],
      [choices(ann, { selectedExtras: [storage.id] }), ['selectedExtras.0']],
      [choices(ann, { selectedExtras: [1, 999_999] }), ['selectedExtras.1']],
      [choices(ann, { DeliveryAddressId: guernsey }), ['DeliveryAddressId']],
      [choices(ann, { DeliveryAddressId: ann.billingId }), ['DeliveryAddressId']],
    ];
    for (const [body, fields] of cases) {
      const res = await accept(quote.Id, body, ann.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    const island = await accept(quote.Id, choices(ann, { DeliveryAddressId: guernsey }), ann.token);
    expect(island.json().errors[0].error).toBe(
      'This delivery is booked to Jersey, but the delivery address is on Guernsey.',
    );
    expect((await orderRow(quote.Id)).status).toBe('Quote Ready');
    expect(await paymentsOf(ann)).toEqual([]);
  });

  test('unpaid for 24 hours, it goes back to Quote Ready and can be accepted again', async () => {
    const ann = await checkoutCustomer(ctx);
    const quote = await readyQuote(ann);
    const signature = await extra(ctx, 'signature');
    const first = checkoutResponse.parse(
      (await accept(quote.Id, choices(ann, { selectedExtras: [signature.id] }), ann.token)).json(),
    );
    await expireStalePayments(ctx.app, new Date(Date.now() + 25 * 3600_000));
    const shown = customerQuoteSchema.parse((await getQuote(quote.Id, ann.token)).json());
    expect(shown).toMatchObject({
      StatusId_Name: 'Quote Ready',
      QuotePrice: 145.5,
      Lines: [],
      Total: 0,
      selectedExtras: [],
      Actions: { Accept: true, Decline: true },
      Payment: { Reference: first.Payment.Reference, Status: 'expired' },
    });
    const again = await accept(quote.Id, choices(ann), ann.token);
    expect(again.statusCode, again.body).toBe(201);
    const second = checkoutResponse.parse(again.json());
    expect(second.Payment.Id).not.toBe(first.Payment.Id);
    expect(second.Payment.Amount).toBe(145.5);
  });

  test("a basket's checkout does not replace an accepted quote's payment", async () => {
    const ann = await checkoutCustomer(ctx);
    const quote = await readyQuote(ann);
    const accepted: CheckoutResult = checkoutResponse.parse(
      (await accept(quote.Id, choices(ann), ann.token)).json(),
    );
    const a = await band(ctx, 'A');
    expect((await calls.checkout(ann, [booking(a.id)])).statusCode).toBe(201);
    const shown = customerQuoteSchema.parse((await getQuote(quote.Id, ann.token)).json());
    expect(shown.StatusId_Name).toBe('Awaiting Payment');
    expect(shown.Payment).toMatchObject({ Id: accepted.Payment.Id, Status: 'pending' });
  });
});

describe('POST /public/orders/decline/{Id}', () => {
  test('declines a Quote Ready quote, once, and only for its customer', async () => {
    const ann = await checkoutCustomer(ctx);
    const bob = await checkoutCustomer(ctx);
    const quote = await readyQuote(ann);
    const other = await decline(quote.Id, bob.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(QUOTE_MESSAGES.notFound);
    expect((await decline(quote.Id)).statusCode).toBe(401);
    const bad = await decline('x1', ann.token);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['Id']);
    expect((await orderRow(quote.Id)).status).toBe('Quote Ready');

    const res = await decline(quote.Id, ann.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(customerQuoteSchema.parse(res.json())).toMatchObject({
      StatusId_Name: 'Quote Declined',
      Actions: { Accept: false, Decline: false },
    });
    const again = await decline(quote.Id, ann.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QUOTE_MESSAGES.notAnswerable('Quote Declined'));
    const late = await accept(quote.Id, choices(ann), ann.token);
    expect(late.statusCode).toBe(409);
    expect(await paymentsOf(ann)).toEqual([]);
  });

  test('an accepted quote waiting for payment can no longer be declined', async () => {
    const ann = await checkoutCustomer(ctx);
    const quote = await readyQuote(ann);
    expect((await accept(quote.Id, choices(ann), ann.token)).statusCode).toBe(201);
    const res = await decline(quote.Id, ann.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUOTE_MESSAGES.notAnswerable('Awaiting Payment'));
  });
});
