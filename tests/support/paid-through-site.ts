import type { CheckoutResult } from '../../src/shared/api/checkout';
import { jerseyDelivery } from './addresses';

/**
 * A customer's whole checkout against a running site, with fetch (no test runner needed): a
 * delivery address, a band A booking to Jersey, the sandbox's card that pays. Answers the order's
 * id once it is paid (it then awaits its parcel); throws on any other answer. For a site reached only over HTTP
 * (the image's compose run, tests/unit/repo/deploy-image.test.ts).
 */
export async function paidThroughSite(site: string, token: string): Promise<number> {
  const call = async (path: string, init: RequestInit = {}, expected = 200) => {
    const response = await fetch(new URL(path, site), {
      ...init,
      redirect: 'manual',
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });
    if (response.status !== expected)
      throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const json = { 'content-type': 'application/json' };
  const address = (await (
    await call(
      '/public/addresses/create',
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify(jerseyDelivery()),
      },
      201,
    )
  ).json()) as { Id: number };
  const { items } = (await (
    await call('/api/products', { method: 'POST', headers: json, body: '{}' })
  ).json()) as { items: { Id: number; Code: string }[] };
  const checkout = (await (
    await call(
      '/public/orders/create',
      {
        method: 'POST',
        headers: { ...json, 'idempotency-key': `site-${Date.now()}` },
        body: JSON.stringify({
          Orders: [
            {
              LocalId: 1,
              ProductId: items.find((p) => p.Code === 'A')!.Id,
              RetailerName: 'John Lewis',
              RetailerOrderNumber: 'JL-1',
              TrackingNumber: '',
              TermsAcceptedAt: new Date().toISOString(),
              ItemDescription: 'Kettle',
              ItemValue: 25,
              ItemCount: 1,
              Island: 'Jersey',
              selectedExtras: [],
            },
          ],
          DeliveryAddressId: address.Id,
          BillingAddressId: address.Id,
          TermsAccepted: true,
        }),
      },
      201,
    )
  ).json()) as CheckoutResult;
  await call(
    checkout.Payment.CheckoutUrl!,
    {
      method: 'POST',
      body: new URLSearchParams({
        card: '4242424242424242',
        expiry: '12 / 30',
        cvc: '123',
        name: 'Ann Le Brocq',
      }),
    },
    303,
  );
  const id = checkout.Orders[0]!.Id;
  const order = (await (await call(`/public/orders/${id}`)).json()) as {
    Order: { StatusId_Name: string };
  };
  // Paid, it waits for its parcel at the depot.
  if (order.Order.StatusId_Name !== 'Awaiting Parcel')
    throw new Error(`order ${id}: ${order.Order.StatusId_Name}`);
  return id;
}
