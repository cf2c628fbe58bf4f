import { Chip } from '@mui/material';
import type { OrderStatus } from '../../../shared/order-status';

type Tone = 'attention' | 'progress' | 'done' | 'closed';

const TONE_OF: Readonly<Record<OrderStatus, Tone>> = {
  'Quote Requested': 'progress',
  'Quote Ready': 'attention',
  'Quote Declined': 'closed',
  'Awaiting Payment': 'attention',
  'Awaiting Parcel': 'progress',
  'Received at Depot': 'progress',
  Paid: 'progress',
  Shipped: 'progress',
  Delivered: 'done',
  Cancelled: 'closed',
};

// Dark text on a light tint: each pair is above 7:1 (WCAG AAA), so the small label stays legible.
const TONES: Readonly<Record<Tone, { bgcolor: string; color: string; borderColor: string }>> = {
  attention: { bgcolor: '#fff4e5', color: '#663c00', borderColor: '#f5b461' },
  progress: { bgcolor: '#e0f2f1', color: '#004c40', borderColor: '#80cbc4' },
  done: { bgcolor: '#edf7ed', color: '#1e4620', borderColor: '#8bc48e' },
  closed: { bgcolor: '#f5f5f5', color: '#3a3a3a', borderColor: '#c4c4c4' },
};

/** An order's status (StatusId_Name) as a small label, coloured by what it asks of the customer. */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return (
    <Chip
      label={status}
      size="small"
      variant="outlined"
      sx={{ ...TONES[TONE_OF[status]], fontWeight: 500 }}
    />
  );
}
