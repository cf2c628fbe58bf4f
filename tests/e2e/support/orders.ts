import { expect, type APIRequestContext } from '@playwright/test';
import type { CheckoutResult } from '../../../src/shared/api/checkout';
import { jerseyDelivery } from '../../support/addresses';
import { registerCustomer } from './accounts';

/**
 * A new customer with a paid band C booking to Jersey, made through the API and paid on the
 * sandbox's page with its test card (what the browser journeys of checkout.spec.ts do by hand).
 */
export async function paidBooking(
  request: APIRequestContext,
  details: { RetailerName?: string; ItemDescription?: string; ItemValue?: number } = {},
) {
  const customer = await registerCustomer(request);
  const headers = { authorization: `Bearer ${customer.token}` };
  const address = await request.post('/public/addresses/create', {
    headers,
    data: jerseyDelivery(),
  });
  expect(address.status()).toBe(201);
  const { Id: addressId } = (await address.json()) as { Id: number };
  const bands = (await (await request.post('/api/products', { data: {} })).json()) as {
    items: { Id: number; Code: string }[];
  };
  const created = await request.post('/public/orders/create', {
    headers: {
      ...headers,
      'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    data: {
      Orders: [
        {
          LocalId: 1,
          ProductId: bands.items.find((b) => b.Code === 'C')!.Id,
          RetailerName: details.RetailerName ?? 'John Lewis',
          RetailerWebsite: 'www.johnlewis.com',
          RetailerOrderNumber: 'JL-2041',
          TermsAcceptedAt: new Date().toISOString(),
          ItemDescription: details.ItemDescription ?? 'Kettle and toaster',
          ItemValue: details.ItemValue ?? 89.99,
          ItemCount: 2,
          Island: 'Jersey',
          selectedExtras: [],
        },
      ],
      DeliveryAddressId: addressId,
      BillingAddressId: addressId,
      TermsAccepted: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const checkout = (await created.json()) as CheckoutResult;
  const paid = await request.post(checkout.Payment.CheckoutUrl!, {
    form: { card: '4242424242424242', expiry: '12 / 30', cvc: '123', name: 'Ann Le Brocq' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return { ...customer, order: checkout.Orders[0] };
}

/** The depot, as staff work it (the server's /dev/parcels routes, outside production). */
export async function depot(request: APIRequestContext, step: string, data: object) {
  const res = await request.post(`/dev/parcels/${step}`, { data });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/**
 * A new customer's paid parcel to Jersey that the depot received and sent with Jersey Post on the
 * sailing of `sailing` (yyyy-MM-dd).
 */
export async function shippedBooking(
  request: APIRequestContext,
  sailing: string,
  details: Parameters<typeof paidBooking>[1] = {},
) {
  const booked = await paidBooking(request, details);
  const { order } = booked;
  await depot(request, 'receive', {
    OrderReference: order.Reference,
    WeightGrams: 2300,
    LengthMm: 400,
    WidthMm: 300,
    HeightMm: 200,
  });
  await depot(request, 'dispatch', {
    OrderReferences: [order.Reference],
    Carrier: 'jersey-post',
    SailingDate: sailing,
  });
  return booked;
}
