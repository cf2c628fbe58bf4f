// An order's (or quote request's) reference, shown to the customer and on labels: `ORD-000042`
// from its id. Distinct from a customer reference (`FB` + 6 characters, decision 0004).

const PREFIX = 'ORD-';

/** The reference of the order with this id: `ORD-` and at least six digits. */
export function orderReference(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`Not an order id: ${id}`);
  return `${PREFIX}${String(id).padStart(6, '0')}`;
}

/** The id in a reference such as `ord-000042` or `ORD-42`, or null. */
export function orderIdFromReference(reference: string): number | null {
  const match = /^ORD-(\d{1,16})$/i.exec(reference.trim());
  const id = match ? Number(match[1]) : 0;
  return id >= 1 ? id : null;
}
