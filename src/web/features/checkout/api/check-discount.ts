import { useQuery } from '@tanstack/react-query';
import type {
  BookingInput,
  CheckDiscountRequest,
  CheckDiscountResult,
} from '../../../../shared/api/checkout';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /public/orders/checkdiscount: what a code takes off these bookings, or a 400 on `Code`
 * saying why it cannot be used.
 */
export const checkDiscount = (body: CheckDiscountRequest) =>
  apiRequest<CheckDiscountResult>('POST', '/public/orders/checkdiscount', body);

export const discountQueryKey = (code: string, bookings: readonly BookingInput[]) =>
  ['checkdiscount', code, bookings] as const;

/**
 * The discount a code gives on these bookings, asked again whenever the code or the bookings
 * change (nothing is asked without a code). A code that does not apply is an error, not retried.
 */
export function useDiscountCheck(code: string | null, bookings: readonly BookingInput[] | null) {
  return useQuery({
    queryKey: discountQueryKey(code ?? '', bookings ?? []),
    queryFn: () => checkDiscount({ Code: code ?? '', Orders: [...(bookings ?? [])] }),
    enabled: Boolean(code && bookings && bookings.length > 0),
    retry: false,
    staleTime: 60_000,
  });
}
