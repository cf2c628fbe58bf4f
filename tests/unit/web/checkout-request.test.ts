import { describe, expect, test } from 'vitest';
import { checkoutRequest, PAYMENT_FAILURE_MESSAGES } from '../../../src/shared/api/checkout';
import { newLocalOrder, type LocalOrder } from '../../../src/shared/local-order';
import {
  bookingFromLocalOrder,
  bookingsFromBasket,
  bookingsIsland,
  checkoutBody,
  placeCheckoutErrors,
} from '../../../src/web/lib/checkout-request';
import { plainWords } from '../../../src/web/lib/plain-words';
import {
  failureMessage,
  isPaymentReference,
  paidFor,
  wayBack,
} from '../../../src/web/features/checkout/payment-outcome';

const finished = (id: number, patch: Partial<LocalOrder> = {}): LocalOrder => ({
  ...newLocalOrder(id, '2026-11-23T09:00:00.000Z'),
  ProductId: 2,
  RetailerName: 'Argos',
  TermsAcceptedAt: '2026-11-23T09:01:00.000Z',
  ItemDescription: 'Kettle',
  ItemValue: 25,
  ItemCount: 1,
  Island: 'Guernsey',
  selectedExtras: [3],
  ExtrasConfirmed: true,
  ...patch,
});

describe('the bookings sent to checkout', () => {
  test('a finished booking keeps its choices and its local id, never a price', () => {
    const booking = bookingFromLocalOrder(finished(4));
    expect(booking).toEqual({
      LocalId: 4,
      ProductId: 2,
      size: null,
      Weight: null,
      RetailerName: 'Argos',
      RetailerWebsite: '',
      RetailerOrderNumber: '',
      ExpectedDeliveryDate: '',
      TrackingNumber: '',
      DeliveryCount: 1,
      TermsAcceptedAt: '2026-11-23T09:01:00.000Z',
      ItemDescription: 'Kettle',
      ItemValue: 25,
      ItemCount: 1,
      Island: 'Guernsey',
      selectedExtras: [3],
    });
    // What the server checks it with accepts it as it is.
    const body = checkoutBody([booking!], {
      deliveryAddressId: 1,
      billingAddressId: 2,
      discountCode: null,
    });
    expect(checkoutRequest.safeParse(body).success).toBe(true);
  });

  test('several deliveries are sent only when the retailer sends more than one', () => {
    expect(
      bookingFromLocalOrder(finished(1, { MultipleDeliveries: true, DeliveryCount: 3 }))
        ?.DeliveryCount,
    ).toBe(3);
    expect(
      bookingFromLocalOrder(finished(1, { MultipleDeliveries: false, DeliveryCount: 3 }))
        ?.DeliveryCount,
    ).toBe(1);
  });

  test('an unfinished booking is never sent', () => {
    expect(bookingFromLocalOrder(finished(1, { ProductId: null }))).toBeNull();
    expect(bookingFromLocalOrder(finished(1, { TermsAcceptedAt: null }))).toBeNull();
    expect(bookingFromLocalOrder(finished(1, { ItemValue: null }))).toBeNull();
    expect(bookingFromLocalOrder(finished(1, { ItemCount: null }))).toBeNull();
    expect(bookingFromLocalOrder(finished(1, { Island: 'Mars' }))).toBeNull();
    expect(bookingsFromBasket([finished(1), finished(2, { Island: null })])).toBeNull();
    expect(bookingsFromBasket([finished(1), finished(2)])?.map((b) => b.LocalId)).toEqual([1, 2]);
  });

  test('the body carries the addresses, the code when there is one, and the terms', () => {
    const bookings = bookingsFromBasket([finished(1)])!;
    const choices = { deliveryAddressId: 7, billingAddressId: 8 };
    expect(checkoutBody(bookings, { ...choices, discountCode: 'WELCOME10' })).toEqual({
      Orders: bookings,
      DeliveryAddressId: 7,
      BillingAddressId: 8,
      DiscountCode: 'WELCOME10',
      TermsAccepted: true,
    });
    expect(checkoutBody(bookings, { ...choices, discountCode: null })).not.toHaveProperty(
      'DiscountCode',
    );
  });

  test('the delivery island is the bookings’ island when they share one', () => {
    expect(bookingsIsland([{ Island: 'Jersey' }, { Island: 'Jersey' }])).toBe('Jersey');
    expect(bookingsIsland([{ Island: 'Jersey' }, { Island: 'Sark' }])).toBeNull();
    expect(bookingsIsland([])).toBeNull();
  });
});

describe('the server’s field errors, placed on the page', () => {
  test('a booking’s error goes under that booking, with the step that changes it', () => {
    const placed = placeCheckoutErrors(
      [
        { field: 'Orders.1.ProductId', error: 'This price band is no longer offered.' },
        { field: 'Orders.1.ItemValue', error: 'must be greater than zero' },
        { field: 'Orders.0.selectedExtras.0', error: 'must be the Id of an extra' },
      ],
      [5, 9],
    );
    expect(placed.bookings.get(9)).toEqual([
      { message: 'This price band is no longer offered.', step: 'size' },
      { message: 'The value of the goods must be greater than zero.', step: 'details' },
    ]);
    expect(placed.bookings.get(5)).toEqual([
      { message: 'The extras must be the Id of an extra.', step: 'additions' },
    ]);
    expect(placed.general).toEqual([]);
  });

  test('addresses, code and terms go under their fields; the rest together', () => {
    const placed = placeCheckoutErrors(
      [
        { field: 'DeliveryAddressId', error: 'This address was not found in your address book.' },
        { field: 'BillingAddressId', error: 'must be the Id of one of your addresses' },
        { field: 'DiscountCode', error: 'This discount code has been used up.' },
        { field: 'TermsAccepted', error: 'This field is required' },
        { field: 'Orders', error: 'Your basket is empty.' },
        { field: 'Orders.4.ItemValue', error: 'must be greater than zero' },
      ],
      [1],
    );
    expect(placed.delivery).toEqual(['This address was not found in your address book.']);
    expect(placed.billing).toEqual([
      'The billing address must be the Id of one of your addresses.',
    ]);
    expect(placed.discount).toEqual(['This discount code has been used up.']);
    expect(placed.terms).toEqual(['This field is required']);
    // An index the page does not know (the basket changed meanwhile) is still shown.
    expect(placed.general).toEqual([
      'Your basket is empty.',
      'The checkout must be greater than zero.',
    ]);
  });

  test('plain words: a bare rule gets the field’s name, a sentence is left alone', () => {
    expect(plainWords('The retailer', 'must be at most 100 characters')).toBe(
      'The retailer must be at most 100 characters.',
    );
    expect(plainWords('The retailer', 'This field is required')).toBe('This field is required');
  });
});

describe('the payment outcome pages', () => {
  test('a payment reference is PAY- and digits', () => {
    expect(isPaymentReference('PAY-000001')).toBe(true);
    expect(isPaymentReference('pay-000001')).toBe(true);
    expect(isPaymentReference('PAY-1')).toBe(false);
    expect(isPaymentReference('../admin')).toBe(false);
  });

  test('why it failed: expiry, then the server’s last failure, then the address’s reason', () => {
    const pending = { Status: 'pending' as const, LastFailure: null };
    expect(failureMessage({ Status: 'expired', LastFailure: 'card_declined' }, null)).toBe(
      PAYMENT_FAILURE_MESSAGES.expired,
    );
    expect(failureMessage({ ...pending, LastFailure: 'insufficient_funds' }, 'cancelled')).toBe(
      PAYMENT_FAILURE_MESSAGES.insufficient_funds,
    );
    expect(failureMessage(pending, 'card_declined')).toBe(PAYMENT_FAILURE_MESSAGES.card_declined);
    expect(failureMessage(undefined, 'cancelled')).toBe(PAYMENT_FAILURE_MESSAGES.cancelled);
    expect(failureMessage(undefined, '<script>')).toBe(PAYMENT_FAILURE_MESSAGES.failed);
    expect(failureMessage(undefined, null)).toBe(PAYMENT_FAILURE_MESSAGES.failed);
  });

  test('a failed payment leads back to what was being paid, never an invoice to the basket', () => {
    const payment = { Kind: 'checkout' as const, InvoiceId: null };
    const booking = { ProductId: 2, Id: 7 };
    const quote = { ProductId: null, Id: 9 };
    const of = (p: typeof payment | { Kind: 'invoice'; InvoiceId: number }, orders: object[]) =>
      paidFor({ Payment: p, Orders: orders } as unknown as Parameters<typeof paidFor>[0]);

    expect(of(payment, [booking])).toEqual({ kind: 'booking' });
    expect(wayBack(of(payment, [booking]))).toEqual({
      label: 'Back to the basket',
      to: '/basket/',
    });
    expect(of(payment, [quote])).toEqual({ kind: 'quote', id: 9 });
    expect(wayBack(of(payment, [quote]))).toEqual({
      label: 'Back to the quote',
      to: '/dashboard/quote/9',
    });
    const invoice = { Kind: 'invoice' as const, InvoiceId: 4 };
    expect(of(invoice, [booking])).toEqual({ kind: 'invoice', id: 4 });
    expect(wayBack(of(invoice, [booking]))).toEqual({
      label: 'Back to the invoice',
      to: '/dashboard/pay/4',
    });
  });
});
