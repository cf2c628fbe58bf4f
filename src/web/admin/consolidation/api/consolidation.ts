import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DispatchConsignmentRequest,
  MeasureBoxRequest,
  StaffConsignment,
} from '../../../../shared/api/consolidation';
import { staffRequest } from '../../staff/staff-session';
import { depotKey } from '../../depot/api/depot';

/**
 * The depot's and office's consolidation calls (src/shared/api/consolidation.ts): the lists,
 * repack, measure, dispatch, and the office's reversal. Every change refreshes the depot's lists
 * (a dispatch ships orders, which leave the other lists).
 */
const key = [...depotKey, 'consignments'] as const;

export type ConsignmentList = 'open' | 'dispatched' | 'cancelled';

export const useConsignments = (state: ConsignmentList) =>
  useQuery({
    queryKey: [...key, state],
    queryFn: () =>
      staffRequest<{ items: StaffConsignment[]; total: number }>(
        'GET',
        `/api/admin/depot/consignments?state=${state}&itemsPerPage=100`,
      ),
    placeholderData: keepPreviousData,
  });

function useChange<Input>(send: (input: Input) => Promise<StaffConsignment>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: depotKey }),
  });
}

const base = (id: number) => `/api/admin/depot/consignments/${id}`;

export const useRepack = () =>
  useChange((id: number) => staffRequest<StaffConsignment>('POST', `${base(id)}/repack`, {}));

export const useMeasureBox = () =>
  useChange(({ id, box }: { id: number; box: MeasureBoxRequest }) =>
    staffRequest<StaffConsignment>('POST', `${base(id)}/measure`, box),
  );

export const useDispatchConsignment = () =>
  useChange(({ id, body }: { id: number; body: DispatchConsignmentRequest }) =>
    staffRequest<StaffConsignment>('POST', `${base(id)}/dispatch`, body),
  );

export const useReverseDifference = () =>
  useChange(({ id, reason }: { id: number; reason: string }) =>
    staffRequest<StaffConsignment>('POST', `/api/admin/consignments/${id}/reverse`, {
      Reason: reason,
    }),
  );
