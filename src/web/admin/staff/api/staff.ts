import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteStaff, StaffMember } from '../../../../shared/api/staff';
import type { StaffRole } from '../../../../shared/access';
import { acceptInvitation, logInStaff, staffRequest } from '../staff-session';

/** GET /api/admin/staff, and the admin's changes to it (invite, role, disable, enable). */
const staffKey = ['admin', 'staff'] as const;

export function useStaffList() {
  return useQuery({
    queryKey: staffKey,
    queryFn: () => staffRequest<{ items: StaffMember[] }>('GET', '/api/admin/staff'),
    select: (data) => data.items,
  });
}

function useStaffChange<Input>(send: (input: Input) => Promise<StaffMember>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKey }),
  });
}

export const useInviteStaff = () =>
  useStaffChange((body: InviteStaff) => staffRequest('POST', '/api/admin/staff/invite', body));

export const useChangeRole = () =>
  useStaffChange(({ id, role }: { id: number; role: StaffRole }) =>
    staffRequest('PUT', `/api/admin/staff/${id}`, { Role: role }),
  );

export const useSetDisabled = () =>
  useStaffChange(({ id, disabled }: { id: number; disabled: boolean }) =>
    staffRequest('POST', `/api/admin/staff/${id}/${disabled ? 'disable' : 'enable'}`),
  );

/** The staff log-in and the invitation's password: each starts the staff session. */
export const useStaffLogIn = () =>
  useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      logInStaff(email, password),
  });

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (passwords: { Password: string; ConfirmPassword: string }) =>
      acceptInvitation(token, passwords),
  });
