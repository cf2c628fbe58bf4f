import type { OrderStatus } from '../../shared/order-status';

type Tone = 'attention' | 'progress' | 'done' | 'closed';

const TONE_OF: Readonly<Record<OrderStatus, Tone>> = {
  'Quote Requested': 'progress',
  'Quote Ready': 'attention',
  'Quote Declined': 'closed',
  'Awaiting Payment': 'attention',
  'Awaiting Parcel': 'progress',
  'Received at Depot': 'progress',
  Paid: 'progress',
  'Return Requested': 'progress',
  'Returned to Retailer': 'closed',
  Shipped: 'progress',
  Delivered: 'done',
  Cancelled: 'closed',
};

/**
 * An order's status (StatusId_Name) as a small label, coloured by what it asks of the customer
 * (base.css's `.chip`: dark text on a light tint of a token, each pair above 7:1). Plain, so the back
 * office's customer page shows the same label.
 */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return <span className={`chip chip--${TONE_OF[status]}`}>{status}</span>;
}
