import { useCallback, useEffect } from 'react';
import type {
  BookingInput,
  CheckDiscountRequest,
  CheckDiscountResult,
} from '../../../../shared/api/checkout';
import { apiRequest } from '../../../lib/api-client';
import { useRequest } from '../../../lib/use-request';

/**
 * POST /public/orders/checkdiscount: what a code takes off these bookings, or a 400 on `Code`
 * saying why it cannot be used.
 */
const checkDiscount = (body: CheckDiscountRequest) =>
  apiRequest<CheckDiscountResult>('POST', '/public/orders/checkdiscount', body);

/** An answer, with the body it answers (the body as text: see useDiscountCheck). */
interface Checked {
  body: string;
  data?: CheckDiscountResult;
  error?: unknown;
}

const checkBody = (body: string): Promise<Checked> =>
  checkDiscount(JSON.parse(body) as CheckDiscountRequest).then(
    (data) => ({ body, data }),
    (error: unknown) => ({ body, error }),
  );

/**
 * The discount a code gives on these bookings, asked on arrival and again whenever the code or
 * the bookings change (nothing is asked without a code). A code that does not apply is an error,
 * not retried. An answer counts only for the code and bookings it was asked about.
 */
export function useDiscountCheck(code: string | null, bookings: readonly BookingInput[] | null) {
  // As text, so that it is asked again only when what it asks about changes.
  const body =
    code && bookings && bookings.length > 0
      ? JSON.stringify({ Code: code, Orders: [...bookings] } satisfies CheckDiscountRequest)
      : null;
  const { data: answer, isPending, mutate, reset } = useRequest(checkBody);
  const check = useCallback(() => (body ? mutate(body) : reset()), [body, mutate, reset]);
  useEffect(check, [check]);
  const current = answer?.body === body ? answer : undefined;
  return {
    data: current?.data,
    error: current?.error,
    isSuccess: current?.data !== undefined,
    isFetching: isPending,
    /** Asks again about the same code (Apply pressed with the code already refused). */
    refetch: check,
  };
}
