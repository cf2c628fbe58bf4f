import type { InvoiceStatus } from './api/orders';
import type { TransitionTable } from './transitions';

// An invoice's life (docs/decisions/0018, 0038, 0039): raised unpaid on an order.
//
//   unpaid ─> paid   its payment taken (the order held for it goes on when nothing else is owed)
//          └> void   voided by the office, a dispute cancelled, a return withdrawn
//   paid ─> void     a paid dispute cancelled, or a paid return label not bought: the money is
//                    refunded (refund-status.ts)
//   void: final

export const INVOICE_STATUS_TRANSITIONS: TransitionTable<InvoiceStatus> = {
  unpaid: ['paid', 'void'],
  paid: ['void'],
  void: [],
};
