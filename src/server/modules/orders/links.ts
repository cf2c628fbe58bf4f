import type { CustomerOrder, Invoice, LinkedOrder } from '../../../shared/api/orders';
import type { Uses } from '../../lib/uses';
import { catalogueItems } from '../catalogue/queries';

/**
 * Orders with what they link to (docs/requirements.md §3 "Order", docs/decisions/0047): their
 * price band (Product), their chosen extras (Extras) and their invoice (Invoice). For a page of
 * orders at once: the catalogue comes from the node's cached read (catalogue/queries.ts), the
 * invoices are the ones the caller has already read for the page, so linking adds no query per
 * order.
 */
export async function linkOrders<O extends CustomerOrder>(
  app: Uses<'cache' | 'database'>,
  orders: readonly O[],
  invoices: readonly Invoice[],
): Promise<(O & LinkedOrder)[]> {
  if (orders.length === 0) return [];
  const catalogue = await catalogueItems(app, {
    products: orders.flatMap((o) => (o.ProductId === null ? [] : [o.ProductId])),
    extras: orders.flatMap((o) => o.selectedExtras),
  });
  const invoicesOf = new Map<number, Invoice[]>();
  for (const invoice of [...invoices].sort((a, b) => a.Id - b.Id)) {
    invoicesOf.set(invoice.OrderId, [...(invoicesOf.get(invoice.OrderId) ?? []), invoice]);
  }
  return orders.map((order) => ({
    ...order,
    Product: order.ProductId === null ? null : (catalogue.products.get(order.ProductId) ?? null),
    Extras: order.selectedExtras.flatMap((id) => catalogue.extras.get(id) ?? []),
    Invoice: linkedInvoice(invoicesOf.get(order.Id) ?? []),
  }));
}

/**
 * The one invoice an order shows of its invoices (oldest first): the oldest still unpaid, the one
 * the customer is asked to pay first; otherwise the latest; null for none.
 */
function linkedInvoice(invoices: readonly Invoice[]): Invoice | null {
  return invoices.find((i) => i.Status === 'unpaid') ?? invoices.at(-1) ?? null;
}
