import { useState, type FormEvent } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Paper,
  Skeleton,
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
import { ABILITY_SUBJECTS } from '../../../shared/access';
import type { AuditEntry } from '../../../shared/api/audit';
import { auditChanges, auditValue } from '../../../shared/audit';
import { formatDisplayDate } from '../../../shared/dates';
import { useAuditLog } from '../customers/api/customers';
import { ListPager, listQuery, textFilters, useListView } from '../kit/list-view';
import { problem } from '../kit/problem';

const FILTERS = ['who', 'action', 'subject', 'subjectId', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
const SUBJECTS = ABILITY_SUBJECTS.filter((s) => s !== 'all');

/**
 * /admin/audit/ (office, admin): every staff action, newest first: who (name, e-mail, role),
 * when, what, and what changed (`field: before → after`). Filtered by who, action, record and
 * days; the filters and the page are in the address.
 */
export function AuditPage() {
  const { values, page, perPage, set } = useListView(textFilters(FILTERS));
  const log = useAuditLog(listQuery(values, page, perPage));
  const [typed, setTyped] = useState<Record<Filter, string>>(values);
  const field = (name: Filter) => ({
    value: typed[name],
    onChange: (e: { target: { value: string } }) =>
      setTyped((t) => ({ ...t, [name]: e.target.value })),
    size: 'small' as const,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    set(Object.fromEntries(FILTERS.map((f) => [f, typed[f].trim()])));
  };
  const clear = () => {
    const empty = Object.fromEntries(FILTERS.map((f) => [f, ''])) as Record<Filter, string>;
    setTyped(empty);
    set(empty);
  };
  const filtered = FILTERS.some((f) => values[f]);

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Audit log
      </Typography>
      <Paper
        variant="outlined"
        component="form"
        role="search"
        aria-label="Filter the audit log"
        onSubmit={submit}
        sx={{ p: 2 }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
          }}
        >
          <TextField {...field('who')} label="Who (name or e-mail)" />
          <TextField {...field('action')} label="Action" placeholder="disable, refund…" />
          <Autocomplete
            freeSolo
            options={SUBJECTS}
            inputValue={typed.subject}
            onInputChange={(_, value) => setTyped((t) => ({ ...t, subject: value }))}
            renderInput={(params) => <TextField {...params} label="Record type" size="small" />}
          />
          <TextField
            {...field('subjectId')}
            label="Record id or reference"
            placeholder="ORD-000042, FB…"
          />
          <TextField
            {...field('from')}
            label="From"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            {...field('to')}
            label="To"
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained">
            Search
          </Button>
          {filtered && <Button onClick={clear}>Clear filters</Button>}
        </Stack>
      </Paper>
      {log.isError && <Alert severity="error">{problem(log.error)}</Alert>}
      {log.isPending && <Skeleton variant="rounded" height={240} />}
      {log.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Audit log">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Who</TableCell>
                <TableCell>What</TableCell>
                <TableCell>Changes</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {log.data.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>
                    {filtered ? 'No entry matches these filters.' : 'Nothing logged yet.'}
                  </TableCell>
                </TableRow>
              )}
              {log.data.items.map((entry) => (
                <AuditRow key={entry.Id} entry={entry} />
              ))}
            </TableBody>
          </Table>
          <ListPager total={log.data.total} page={page} perPage={perPage} onChange={set} />
        </TableContainer>
      )}
    </Stack>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const at = new Date(entry.At);
  const changes = auditChanges(entry.Before, entry.After);
  return (
    <TableRow sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatDisplayDate(at)}
        <Typography variant="body2" color="text.secondary">
          {at.toLocaleTimeString('en-GB', {
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          })}
        </Typography>
      </TableCell>
      <TableCell>
        {entry.Actor ? (
          <>
            {entry.Actor.Name}
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {entry.Actor.Email} · {entry.Actor.Role}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            System
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {entry.Action}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {entry.Subject}
          {entry.SubjectId && ` #${entry.SubjectId}`}
        </Typography>
      </TableCell>
      <TableCell>
        {changes.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            –
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
            {changes.map((c) => (
              <Typography
                key={c.field}
                component="li"
                variant="body2"
                sx={{ wordBreak: 'break-word' }}
              >
                <strong>{c.field}:</strong>{' '}
                {entry.Before && (
                  <>
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {auditValue(c.before)}
                    </Box>{' '}
                    →{' '}
                  </>
                )}
                {auditValue(c.after)}
              </Typography>
            ))}
          </Box>
        )}
      </TableCell>
    </TableRow>
  );
}
