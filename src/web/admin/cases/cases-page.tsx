import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Chip,
  Link,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { CASE_STATUSES, type CaseStatus } from '../../../shared/api/cases';
import { formatDisplayDate } from '../../../shared/dates';
import { useCases } from '../office/api/office-care';
import { ListPager, oneOf, useListView } from '../kit/list-view';
import { problem } from '../kit/problem';

const WIDE = { display: { xs: 'none', md: 'table-cell' } } as const;

/** Open waits for the office (filled), Answered for the customer, Resolved is done. */
export function CaseStatusChip({ status }: { status: CaseStatus }) {
  return (
    <Chip
      size="small"
      label={status}
      color={status === 'Resolved' ? 'default' : 'primary'}
      variant={status === 'Answered' ? 'outlined' : 'filled'}
    />
  );
}

/**
 * /admin/cases/: missing-item cases and disputes, open ones first (or one status), a page at a
 * time; a dispute shows the date staff should decide it by, flagged Overdue once past it (by the
 * server's clock, decision 0038).
 */
export function CasesPage() {
  const view = useListView({ status: oneOf(CASE_STATUSES) });
  const status = view.values.status || undefined;
  const list = useCases(status, view.page, view.perPage);
  const items = list.data?.items ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Missing-item cases
      </Typography>
      <Tabs
        value={status ?? 'all'}
        onChange={(_, next: CaseStatus | 'all') => view.set({ status: next === 'all' ? '' : next })}
        aria-label="Cases by status"
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="all" label="All, open first" />
        {CASE_STATUSES.map((s) => (
          <Tab key={s} value={s} label={s} />
        ))}
      </Tabs>
      {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={160} />}
      {list.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Cases" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Case</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Order</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell sx={WIDE}>What is missing</TableCell>
                <TableCell sx={WIDE}>Last change</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>No cases here.</TableCell>
                </TableRow>
              )}
              {items.map((c) => (
                <TableRow key={c.Id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={`/admin/cases/${c.Id}`}>
                      {c.Reference}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      <CaseStatusChip status={c.Status} />
                      {c.Overdue && <Chip size="small" color="error" label="Overdue" />}
                    </Stack>
                    {c.Dispute?.DecideBy && (
                      <Typography
                        variant="body2"
                        color={c.Overdue ? 'error' : 'text.secondary'}
                        data-testid="decide-by"
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {c.Overdue ? 'Was to be decided by' : 'Decide by'}{' '}
                        {formatDisplayDate(new Date(c.Dispute.DecideBy))}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={`/admin/orders/${c.OrderId}`}>
                      {c.OrderReference}
                    </Link>
                  </TableCell>
                  <TableCell>{c.Customer.Name || c.Customer.Email}</TableCell>
                  <TableCell
                    sx={{
                      ...WIDE,
                      maxWidth: 360,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {c.Kind === 'dispute' && (
                      <strong>Disputed {c.Dispute?.InvoiceReference}: </strong>
                    )}
                    {c.Description}
                  </TableCell>
                  <TableCell sx={WIDE}>{formatDisplayDate(new Date(c.Updated))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ListPager
            total={list.data.total}
            page={view.page}
            perPage={view.perPage}
            onChange={view.set}
          />
        </TableContainer>
      )}
    </Stack>
  );
}
