import { PAYMENT_STATUSES } from './checkout-messages';
import type { TransitionTable } from './transitions';

// A payment's life (docs/decisions/0012, 0046): the provider's page is open while it is pending.
//
//   pending ─> paid        the provider took the money (its webhook, the return page, a check)
//           └> expired     left unpaid past its time (PAYMENT_TTL_MS), its orders cancelled
//           └> cancelled   the customer went back, or the invoice it paid for was voided
//   expired, cancelled ─> paid   the provider took the money all the same: recorded as paid,
//                                then given back as money taken for nothing
//   paid: final (a refund is a row of its own, refund-status.ts)

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_TRANSITIONS: TransitionTable<PaymentStatus> = {
  pending: ['paid', 'expired', 'cancelled'],
  expired: ['paid'],
  cancelled: ['paid'],
  paid: [],
};
