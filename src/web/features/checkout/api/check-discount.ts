import type {
  BookingInput,
  CheckDiscountRequest,
  CheckDiscountResult,
} from '../../../../shared/api/checkout';
import { apiRequest, ApiError } from '../../../lib/api-client';
import { plainWords } from '../../../lib/plain-words';
import { useAsked, type Asked, type Asking } from '../use-asked';

/** What the checkout sends its action to check a discount code. */
export type DiscountSubmission = Asking<'check-discount'>;

/** The action's answer: what the code takes off, or why it cannot be used. */
export interface DiscountAnswer extends Asked {
  applied: CheckDiscountResult | null;
  /** The server refused the code (it is not kept); not when it could not be asked. */
  refused: boolean;
  /** Why the code cannot be used, in plain words, or null. */
  reason: string | null;
}

/**
 * POST /public/orders/checkdiscount: what a code takes off these bookings, or a 400 on `Code`
 * saying why it cannot be used (the part of the checkout's clientAction that checks a code).
 */
export async function checkDiscount({ asked }: DiscountSubmission): Promise<DiscountAnswer> {
  const request = JSON.parse(asked) as CheckDiscountRequest;
  try {
    const applied = await apiRequest<CheckDiscountResult>(
      'POST',
      '/public/orders/checkdiscount',
      request,
    );
    return { asked, applied, refused: false, reason: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      const found = error.body?.errors?.find((e) => e.field === 'Code');
      const reason = found ? plainWords('The discount code', found.error) : error.message;
      return { asked, applied: null, refused: true, reason };
    }
    const reason = 'The code could not be checked just now. Please try again.';
    return { asked, applied: null, refused: false, reason };
  }
}

/**
 * The discount a code gives on these bookings, asked on arrival and again whenever the code or
 * the bookings change (nothing is asked without a code). A code that does not apply is not asked
 * about again until Apply is pressed (`askAgain`).
 */
export function useDiscountCheck(code: string | null, bookings: readonly BookingInput[] | null) {
  const request: CheckDiscountRequest | null =
    code && bookings && bookings.length > 0 ? { Code: code, Orders: [...bookings] } : null;
  return useAsked<DiscountAnswer>('check-discount', request);
}
