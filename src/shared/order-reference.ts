// An order's (or quote request's) reference, shown to the customer and on labels: `ORD-000042`
// from its id; payments, invoices and cases are numbered the same way (`PAY-`, `INV-`, `CASE-`). Distinct from a customer reference (`FB` + 6 characters, decision 0004).

const PREFIX = 'ORD-';

function reference(prefix: string, id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`Not an id: ${id}`);
  return `${prefix}${String(id).padStart(6, '0')}`;
}

/** The reference of the order with this id: `ORD-` and at least six digits. */
export const orderReference = (id: number) => reference(PREFIX, id);
/** A payment's reference: `PAY-000001`. */
export const paymentReference = (id: number) => reference('PAY-', id);
/** An invoice's reference: `INV-000001`. */
export const invoiceReference = (id: number) => reference('INV-', id);
/** A missing-items case's reference: `CASE-000001`. */
export const caseReference = (id: number) => reference('CASE-', id);

/** The largest id a record can have (the database's integer). */
const MAX_ID = 2_147_483_647;

/**
 * The id in a reference such as `ord-000042` or `ORD-42`, or null: also for a number no record
 * can have (0, or past the database's integer, which a query would refuse with an error).
 */
export function orderIdFromReference(reference: string): number | null {
  const match = /^ORD-(\d{1,16})$/i.exec(reference.trim());
  const id = match ? Number(match[1]) : 0;
  return id >= 1 && id <= MAX_ID ? id : null;
}
