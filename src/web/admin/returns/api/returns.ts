import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepotReturn, MarkReturnedRequest } from '../../../../shared/api/returns';
import { staffDownload, staffRequest } from '../../staff/staff-session';
import { depotKey } from '../../depot/api/depot';

/** Returns to retailers on the depot floor (src/shared/api/returns.ts, decision 0039). */
const BASE = '/api/admin/depot/returns';
const returnsKey = [...depotKey, 'returns'] as const;

/** GET /returns?state=: open returns (the oldest asked first), or those sent back. */
export const useReturns = (state: 'open' | 'returned') =>
  useQuery({
    queryKey: [...returnsKey, state],
    queryFn: () => staffRequest<{ items: DepotReturn[] }>('GET', `${BASE}?state=${state}`),
  });

/** GET /returns/{OrderId}/label: the label's file, to open and print. */
export const returnLabelFile = (orderId: number) =>
  staffDownload(`${BASE}/${orderId}/label`, 'application/pdf, image/*');

function useReturnChange<Input>(send: (input: Input) => Promise<DepotReturn>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: depotKey }),
  });
}

/** PUT /returns/{OrderId}/label: the label the depot bought, attached. */
export const useAttachLabel = () =>
  useReturnChange(
    ({ orderId, fileName, data }: { orderId: number; fileName: string; data: string }) =>
      staffRequest<DepotReturn>('PUT', `${BASE}/${orderId}/label`, {
        Label: { FileName: fileName, Data: data },
      }),
  );

/** POST /returns/{OrderId}/returned: sent back; the unused crossing is refunded once. */
export const useMarkReturned = () =>
  useReturnChange(({ orderId, ...body }: MarkReturnedRequest & { orderId: number }) =>
    staffRequest<DepotReturn>('POST', `${BASE}/${orderId}/returned`, body),
  );
