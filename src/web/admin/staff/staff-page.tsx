import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { STAFF_ROLES, type StaffRole } from '../../../shared/access';
import type { StaffMember } from '../../../shared/api/staff';
import { registerRules } from '../../../shared/auth/register-rules';
import { FormAlert } from '../kit/form-alert';
import { ApiError } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import { useChangeRole, useInviteStaff, useSetDisabled, useStaffList } from './api/staff';
import { problem } from '../kit/problem';
import { useStaffSession } from './staff-session';

/** /admin/staff/ (admins): who works here, their roles, invitations and disabled accounts. */
export function StaffPage() {
  const list = useStaffList();
  const changeRole = useChangeRole();
  const setDisabled = useSetDisabled();
  const [inviting, setInviting] = useState(false);
  const { user } = useStaffSession();
  const error = changeRole.error ?? setDisabled.error;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h4" component="h1">
          Staff
        </Typography>
        <Button variant="contained" onClick={() => setInviting(true)}>
          Invite staff
        </Button>
      </Stack>
      {error && <Alert severity="error">{problem(error)}</Alert>}
      {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label="Staff">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Account</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data ?? []).map((member) => (
              <StaffRow
                key={member.Id}
                member={member}
                self={member.Id === user?.Id}
                onRole={(role) => changeRole.mutate({ id: member.Id, role })}
                onDisabled={(disabled) => setDisabled.mutate({ id: member.Id, disabled })}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </Stack>
  );
}

function StaffRow({
  member,
  self,
  onRole,
  onDisabled,
}: {
  member: StaffMember;
  self: boolean;
  onRole: (role: StaffRole) => void;
  onDisabled: (disabled: boolean) => void;
}) {
  const name = `${member.FirstName} ${member.LastName}`.trim();
  return (
    <TableRow>
      <TableCell>{name}</TableCell>
      <TableCell>{member.Email}</TableCell>
      <TableCell>
        <TextField
          select
          size="small"
          value={member.Role}
          disabled={self}
          onChange={(e) => onRole(e.target.value as StaffRole)}
          slotProps={{ htmlInput: { 'aria-label': `Role of ${name}` } }}
        >
          {STAFF_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {role}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={member.Status}
          color={member.Status === 'Active' ? 'success' : 'default'}
        />
      </TableCell>
      <TableCell align="right">
        {!self && (
          <Button size="small" onClick={() => onDisabled(member.Status !== 'Disabled')}>
            {member.Status === 'Disabled' ? 'Enable' : 'Disable'}
            <Box component="span" className="visually-hidden">
              {` ${name}`}
            </Box>
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

type InviteValues = { Email: string; FirstName: string; LastName: string; Role: string };

function InviteDialog({ onClose }: { onClose: () => void }) {
  const invite = useInviteStaff();
  const failure = invite.error instanceof ApiError ? invite.error : null;
  const form = useForm<InviteValues>(
    { Email: '', FirstName: '', LastName: '', Role: 'depot' },
    () => {
      const { Email, FirstName, LastName } = registerRules({});
      return { Email, FirstName, LastName };
    },
    { serverErrors: failure?.body?.errors ?? [] },
  );
  const submit = form.handleSubmit((values) =>
    invite.mutate({ ...values, Role: values.Role as StaffRole }),
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <Box
        component="form"

        noValidate
        onSubmit={submit}
        aria-label="Invite staff"
      >
        <DialogTitle>Invite staff</DialogTitle>
        <DialogContent>
          {invite.isSuccess ? (
            <Alert severity="success">
              The invitation is on its way to {invite.data.Email}: the link in it lets them choose a
              password.
            </Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormAlert severity="error">
                {invite.isError && !failure?.body?.errors?.length ? problem(invite.error) : null}
              </FormAlert>
              <TextField {...form.text('Email')} label="Email" type="email" required autoFocus />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField {...form.text('FirstName')} label="First Name" required fullWidth />
                <TextField {...form.text('LastName')} label="Last Name" required fullWidth />
              </Stack>
              <TextField {...form.text('Role')} select label="Role" required>
                {STAFF_ROLES.map((role) => (
                  <MenuItem key={role} value={role}>
                    {role}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{invite.isSuccess ? 'Close' : 'Cancel'}</Button>
          {!invite.isSuccess && (
            <Button type="submit" variant="contained" loading={invite.isPending}>
              Send invitation
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
