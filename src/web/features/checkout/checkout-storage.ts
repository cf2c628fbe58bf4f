import type { CheckoutResult } from '../../../shared/api/checkout';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../shared/checkout-messages';
import { isRecord } from '../../../shared/local-order';
import { readJson, readText, remove, STORAGE_KEYS, writeJson, writeText } from '../../lib/storage';

// What a checkout keeps in this browser (docs/requirements.md §3), under its keys:
// - CHECKOUT-REF: the Idempotency-Key of POST /public/orders/create (plain text). Kept across
//   retries, so a double click, a retry after a lost answer or a reload never books twice.
// - CHECKOUT-ORDER: what create answered (JSON): the payment reference and the orders made, each
//   with the local id of the booking it came from.
// - PAYMENT: the local payment record (JSON) `{ order, reference, amount }`: the order ids, the
//   payment's Reference and its Amount in pounds.
// - DISCOUNT: the applied discount code (plain text); setting stores it, clearing removes it.

const newKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 14)}`;

/** The checkout's Idempotency-Key: the stored one, or a new one stored for the next attempts. */
export function checkoutKey(): string {
  const stored = readText(STORAGE_KEYS.checkoutRef);
  if (stored && IDEMPOTENCY_KEY_PATTERN.test(stored)) return stored;
  const key = newKey();
  writeText(STORAGE_KEYS.checkoutRef, key);
  return key;
}

/** Forgets the key, so the next Pay starts a new checkout (after a conflict or an expiry). */
export function clearCheckoutKey(): void {
  remove(STORAGE_KEYS.checkoutRef);
}

export interface CheckoutOrderRecord {
  /** The payment's reference, `PAY-000001`. */
  Reference: string;
  Orders: { Id: number; Reference: string; LocalId: number | null }[];
}

export interface PaymentRecord {
  /** The ids of the orders paid for. */
  order: number[];
  /** The payment's Reference. */
  reference: string;
  /** The amount in pounds. */
  amount: number;
}

const isCheckoutOrder = (value: unknown): value is CheckoutOrderRecord =>
  isRecord(value) &&
  typeof value.Reference === 'string' &&
  Array.isArray(value.Orders) &&
  value.Orders.every(
    (o: unknown) =>
      isRecord(o) &&
      Number.isInteger(o.Id) &&
      typeof o.Reference === 'string' &&
      (o.LocalId === null || Number.isInteger(o.LocalId)),
  );

const isPaymentRecord = (value: unknown): value is PaymentRecord =>
  isRecord(value) &&
  Array.isArray(value.order) &&
  value.order.every((id) => Number.isInteger(id)) &&
  typeof value.reference === 'string' &&
  typeof value.amount === 'number';

/** The two records of a checkout's answer. */
function checkoutRecords({ Payment, Orders }: CheckoutResult): {
  checkoutOrder: CheckoutOrderRecord;
  payment: PaymentRecord;
} {
  return {
    checkoutOrder: {
      Reference: Payment.Reference,
      Orders: Orders.map(({ Id, Reference, LocalId }) => ({ Id, Reference, LocalId })),
    },
    payment: {
      order: Orders.map((o) => o.Id),
      reference: Payment.Reference,
      amount: Payment.Amount,
    },
  };
}

/** Keeps the answer of create under CHECKOUT-ORDER and the payment record under PAYMENT. */
export function saveCheckoutResult(result: CheckoutResult): void {
  const { checkoutOrder, payment } = checkoutRecords(result);
  writeJson(STORAGE_KEYS.checkoutOrder, checkoutOrder);
  writeJson(STORAGE_KEYS.payment, payment);
}

export const readCheckoutOrder = () =>
  readJson<CheckoutOrderRecord | null>(STORAGE_KEYS.checkoutOrder, null, isCheckoutOrder);

export const readPaymentRecord = () =>
  readJson<PaymentRecord | null>(STORAGE_KEYS.payment, null, isPaymentRecord);

/** Whether this browser started the payment with this reference (it keeps its record). */
export function isOwnPayment(reference: string): boolean {
  const ref = reference.toUpperCase();
  return (
    readPaymentRecord()?.reference.toUpperCase() === ref ||
    readCheckoutOrder()?.Reference.toUpperCase() === ref
  );
}

/** Forgets a finished checkout: its key, its answer, the discount code and the payment record. */
export function clearCheckout(): void {
  remove(
    STORAGE_KEYS.checkoutRef,
    STORAGE_KEYS.checkoutOrder,
    STORAGE_KEYS.discount,
    STORAGE_KEYS.payment,
  );
}

// --- the discount code -------------------------------------------------------------------------

export const readDiscountCode = (): string | null => readText(STORAGE_KEYS.discount) || null;

/** docs/requirements.md §4: setting a discount stores the code. */
export function saveDiscountCode(code: string): void {
  writeText(STORAGE_KEYS.discount, code);
}

/** docs/requirements.md §4: clearing the discount removes it. */
export function clearDiscountCode(): void {
  remove(STORAGE_KEYS.discount);
}
