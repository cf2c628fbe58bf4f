import { useQuery } from '@tanstack/react-query';
import type { OperationsFigures } from '../../../../shared/api/operations';
import { staffRequest } from '../../staff/staff-session';

/** GET /api/admin/operations: the operator's figures, read again every 30 seconds. */
export const useOperations = () =>
  useQuery({
    queryKey: ['admin', 'operations'],
    queryFn: () => staffRequest<OperationsFigures>('GET', '/api/admin/operations'),
    refetchInterval: 30_000,
  });
