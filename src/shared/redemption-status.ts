import type { TransitionTable } from './transitions';

// A discount code's use by a checkout (docs/decisions/0012): reserved with the payment, so two
// baskets cannot both spend a code's last use.
//
//   reserved ─> redeemed   the payment was made: the use is final
//            └> released   the payment will never be made (expired, cancelled): the use is given back
//   redeemed, released: final

export const REDEMPTION_STATUSES = ['reserved', 'redeemed', 'released'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

export const REDEMPTION_STATUS_TRANSITIONS: TransitionTable<RedemptionStatus> = {
  reserved: ['redeemed', 'released'],
  redeemed: [],
  released: [],
};
