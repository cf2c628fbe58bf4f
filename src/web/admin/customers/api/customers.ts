import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditPage } from '../../../../shared/api/audit';
import {
  customerExportFileName,
  type CustomerDetail,
  type CustomersPage,
} from '../../../../shared/api/customers-admin';
import { saveFile } from '../../../lib/save-file';
import { staffDownload, staffRequest } from '../../staff/staff-session';

/**
 * The office's customers (/api/admin/customers, src/shared/api/customers-admin.ts) and the audit
 * log (/api/admin/audit). Every change to an account refreshes its page and the lists.
 */
const customersKey = ['admin', 'customers'] as const;
const BASE = '/api/admin/customers';

/** A page of the customers the search matches (`query`: listQuery's string). */
export function useCustomers(query: string) {
  return useQuery({
    queryKey: [...customersKey, 'list', query],
    queryFn: () => staffRequest<CustomersPage>('GET', `${BASE}?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: [...customersKey, id],
    queryFn: () => staffRequest<CustomerDetail>('GET', `${BASE}/${id}`),
  });
}

export type CustomerAction = 'resend-validation' | 'disable' | 'enable';

/** Resends the validation e-mail, disables or enables the account; answers its page. */
export function useCustomerAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: CustomerAction) =>
      staffRequest<CustomerDetail>('POST', `${BASE}/${id}/${action}`),
    onSuccess: (detail) => {
      client.setQueryData([...customersKey, id], detail);
      void client.invalidateQueries({ queryKey: [...customersKey, 'list'] });
      void client.invalidateQueries({ queryKey: auditKey });
    },
  });
}

/** Downloads everything held about the customer as customer-{Reference}.json. */
export function useExportCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reference }: { id: number; reference: string }) =>
      saveFile(
        await staffDownload(`${BASE}/${id}/export`, 'application/json'),
        customerExportFileName(reference),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: auditKey }),
  });
}

const auditKey = ['admin', 'audit'] as const;

/** A page of the audit log (`query`: listQuery's string), newest first. */
export function useAuditLog(query: string) {
  return useQuery({
    queryKey: [...auditKey, query],
    queryFn: () => staffRequest<AuditPage>('GET', `/api/admin/audit?${query}`),
    placeholderData: keepPreviousData,
  });
}
