import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  OfficeOrderDetail,
  OfficeOrdersQuery,
  OfficeOrderSummary,
  OfficeQuoteState,
  OfficeToday,
  officeQuoteSchema,
} from '../../../../shared/api/office';
import type { TrackingLink } from '../../../../shared/api/tracking';
import { staffDownload, staffRequest } from '../../staff/staff-session';

/**
 * The office's calls for Today, Quotes and Orders (/api/admin, src/shared/api/office.ts). Every
 * change refreshes all three: a priced quote or a refund moves Today's numbers too.
 */
export const officeKey = ['admin', 'office'] as const;
const BASE = '/api/admin';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  itemsPerPage: number;
}
export type OfficeQuote = z.infer<typeof officeQuoteSchema>;

/** A query string of the defined values. */
const query = (values: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(
    Object.entries(values)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** GET /today: the day's numbers and the chart of bookings. */
export const useToday = () =>
  useQuery({
    queryKey: [...officeKey, 'today'],
    queryFn: () => staffRequest<OfficeToday>('GET', `${BASE}/today`),
  });

/** GET /quotes?state=: a page of one list, the previous page shown while the next loads. */
export const useQuotes = (state: OfficeQuoteState, page: number, itemsPerPage: number) =>
  useQuery({
    queryKey: [...officeKey, 'quotes', state, page, itemsPerPage],
    queryFn: () =>
      staffRequest<Page<OfficeQuote>>(
        'GET',
        `${BASE}/quotes?${query({ state, page, itemsPerPage })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /orders: a page of the orders the search matches. */
export const useOrders = (search: OfficeOrdersQuery) =>
  useQuery({
    queryKey: [...officeKey, 'orders', search],
    queryFn: () =>
      staffRequest<Page<OfficeOrderSummary>>(
        'GET',
        `${BASE}/orders?${query(search as Record<string, string | number | boolean | undefined>)}`,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /orders/{Id}: everything about one order. */
export const useOfficeOrder = (id: number) =>
  useQuery({
    queryKey: [...officeKey, 'order', id],
    queryFn: () => staffRequest<OfficeOrderDetail>('GET', `${BASE}/orders/${id}`),
  });

function useOfficeChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    // A cancel whose refund the provider refused (502) still changed the order: refresh anyway.
    onSettled: () => client.invalidateQueries({ queryKey: officeKey }),
  });
}

export const usePriceQuote = () =>
  useOfficeChange(({ id, Amount, Note }: { id: number; Amount: number; Note: string }) =>
    staffRequest<OfficeQuote>('POST', `${BASE}/quotes/${id}/price`, { Amount, Note }),
  );

export const useCancelOrder = () =>
  useOfficeChange(({ id, Reason }: { id: number; Reason: string }) =>
    staffRequest<OfficeOrderDetail>('POST', `${BASE}/orders/${id}/cancel`, { Reason }),
  );

export const useRefundOrder = () =>
  useOfficeChange(({ id, Amount, Reason }: { id: number; Amount: number; Reason: string }) =>
    staffRequest<OfficeOrderDetail>('POST', `${BASE}/orders/${id}/refund`, { Amount, Reason }),
  );

export const useOrderNote = () =>
  useOfficeChange(({ id, Note }: { id: number; Note: string }) =>
    staffRequest<OfficeOrderDetail>('POST', `${BASE}/orders/${id}/notes`, { Note }),
  );

/** POST /api/admin/orders/{Id}/tracking: a new private tracking link (the old one stops working). */
export const useReplaceTrackingLink = () =>
  useOfficeChange(({ id }: { id: number }) =>
    staffRequest<TrackingLink>('POST', `${BASE}/orders/${id}/tracking`),
  );

/** A parcel photo (GET /api/admin/depot/photos/{Id}) as a data: URL: the call needs the token. */
export const useStaffPhoto = (photoId: number) =>
  useQuery({
    queryKey: ['admin', 'photo', photoId],
    queryFn: async () => {
      const blob = await staffDownload(`${BASE}/depot/photos/${photoId}`, 'image/*');
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.onerror = () => reject(reader.error ?? new Error('photo unreadable'));
        reader.readAsDataURL(blob);
      });
    },
    staleTime: Infinity,
    retry: false,
  });
