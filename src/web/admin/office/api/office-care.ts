import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaseStatus } from '../../../../shared/api/cases';
import type { OfficeCase, OfficeOrderSummary } from '../../../../shared/api/office';
import type {
  DecideDisputeRequest,
  RemeasureRequest,
  OfficeCaseDetail,
} from '../../../../shared/api/office-cases';
import type { officeInvoiceSchema } from '../../../../shared/api/office-invoices';
import type { Invoice, InvoiceStatus } from '../../../../shared/api/orders';
import type { z } from 'zod';
import { staffRequest } from '../../staff/staff-session';
import { officeKey } from '../../orders/api/orders';

/**
 * The office's invoices and missing-item cases (/api/admin, src/shared/api/office.ts). Every
 * change refreshes both, and the order pages (an invoice or a refund changes an order).
 */
export type OfficeInvoice = z.infer<typeof officeInvoiceSchema>;
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  itemsPerPage: number;
}

const invoicesKey = ['admin', 'invoices'] as const;
const casesKey = ['admin', 'cases'] as const;
const ordersKey = ['admin', 'orders'] as const;

const query = (values: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(values)
      .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** GET /invoices?status=: a page of unpaid (oldest first), paid or void invoices. */
export const useInvoices = (status: InvoiceStatus, page: number, itemsPerPage: number) =>
  useQuery({
    queryKey: [...invoicesKey, status, page, itemsPerPage],
    queryFn: () =>
      staffRequest<Page<OfficeInvoice>>(
        'GET',
        `/api/admin/invoices?${query({ status, page, itemsPerPage })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /orders?reference=: the order an invoice is raised on, found by its reference. */
export const findOrderByReference = async (reference: string) => {
  const found = await staffRequest<Page<OfficeOrderSummary>>(
    'GET',
    `/api/admin/orders?${query({ reference, itemsPerPage: 1 })}`,
  );
  return found.items[0] ?? null;
};

function useOfficeChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all(
        [invoicesKey, casesKey, ordersKey, officeKey].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export interface RaiseInvoiceInput {
  orderId: number;
  body: { Amount: number; Reason: string; Hold: boolean };
}

export const useRaiseInvoice = () =>
  useOfficeChange(({ orderId, body }: RaiseInvoiceInput) =>
    staffRequest<Invoice>('POST', `/api/admin/orders/${orderId}/invoices`, body),
  );

export const useVoidInvoice = () =>
  useOfficeChange(({ id, reason }: { id: number; reason: string }) =>
    staffRequest<OfficeInvoice>('POST', `/api/admin/invoices/${id}/void`, { Reason: reason }),
  );

export const useRemindInvoice = () =>
  useOfficeChange((id: number) =>
    staffRequest<OfficeInvoice>('POST', `/api/admin/invoices/${id}/remind`),
  );

/** GET /cases: open ones first (or those of one status), a page at a time. */
export const useCases = (status: CaseStatus | undefined, page: number, itemsPerPage: number) =>
  useQuery({
    queryKey: [...casesKey, 'list', status ?? 'all', page, itemsPerPage],
    queryFn: () =>
      staffRequest<Page<OfficeCase>>(
        'GET',
        `/api/admin/cases?${query({ status, page, itemsPerPage })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /cases/{Id}: one case, with what may be refunded on its order. */
export const useCase = (id: number) =>
  useQuery({
    queryKey: [...casesKey, 'one', id],
    queryFn: () => staffRequest<OfficeCaseDetail>('GET', `/api/admin/cases/${id}`),
  });

export const useReplyToCase = () =>
  useOfficeChange(({ id, message }: { id: number; message: string }) =>
    staffRequest<OfficeCase>('POST', `/api/admin/cases/${id}/reply`, { Message: message }),
  );

export const useResolveCase = () =>
  useOfficeChange(
    ({ id, message, refund }: { id: number; message: string; refund: number | undefined }) =>
      staffRequest<OfficeCase>('POST', `/api/admin/cases/${id}/resolve`, {
        Message: message,
        ...(refund === undefined ? {} : { Refund: refund }),
      }),
  );

/** POST /api/admin/cases/{Id}/remeasure: a disputed parcel measured again (decision 0038). */
export const useRemeasure = () =>
  useOfficeChange(({ id, body }: { id: number; body: RemeasureRequest }) =>
    staffRequest<OfficeCaseDetail>('POST', `/api/admin/cases/${id}/remeasure`, body),
  );

/** POST /api/admin/cases/{Id}/decide: uphold, reduce or cancel a disputed invoice. */
export const useDecideDispute = () =>
  useOfficeChange(({ id, body }: { id: number; body: DecideDisputeRequest }) =>
    staffRequest<OfficeCaseDetail>('POST', `/api/admin/cases/${id}/decide`, body),
  );
