import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { CustomerDetail } from '../../../shared/api/customers-admin';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { OrderStatusChip } from '../../components/order-status-chip';
import {
  useCustomer,
  useCustomerAction,
  useExportCustomer,
  type CustomerAction,
} from './api/customers';
import { CustomerStateChip } from './customers-page';
import { problem } from '../kit/problem';
import { AddressText } from '../../components/address-text';

const day = (iso: string) => formatDisplayDate(new Date(iso));

const DONE: Record<CustomerAction, string> = {
  'resend-validation': 'A new validation e-mail is on its way.',
  disable: 'The account is disabled: the customer was logged out and cannot log in.',
  enable: 'The account is enabled: the customer can log in again.',
};

/**
 * /admin/customers/{id} (office, admin): a customer's profile, addresses, latest orders (each
 * linking to its order page) and cases; resend the validation e-mail, disable or enable the
 * account, and download everything held about them. No password or token is ever shown.
 */
export function CustomerPage({ id }: { id: number }) {
  const customer = useCustomer(id);
  const action = useCustomerAction(id);
  const exporter = useExportCustomer();
  const [confirming, setConfirming] = useState(false);

  if (customer.isError) return <Alert severity="error">{problem(customer.error)}</Alert>;
  if (!customer.data) return <Skeleton variant="rounded" height={320} />;
  const { Customer: c, Actions } = customer.data;
  const name = c.Name || c.Reference;

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <Box>
          <Button component={RouterLink} to="/admin/customers/" size="small" sx={{ ml: -1 }}>
            ← Customers
          </Button>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h4" component="h1">
              {name}
            </Typography>
            <CustomerStateChip state={c.Status} />
          </Stack>
          <Typography color="text.secondary">{c.Reference}</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {Actions.ResendValidation && (
            <Button
              variant="outlined"
              loading={action.isPending && action.variables === 'resend-validation'}
              onClick={() => action.mutate('resend-validation')}
            >
              Resend validation e-mail
            </Button>
          )}
          <Button
            variant="outlined"
            loading={exporter.isPending}
            onClick={() => exporter.mutate({ id, reference: c.Reference })}
          >
            Export data (JSON)
          </Button>
          {Actions.Disable && (
            <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
              Disable account
            </Button>
          )}
          {Actions.Enable && (
            <Button
              variant="contained"
              loading={action.isPending && action.variables === 'enable'}
              onClick={() => action.mutate('enable')}
            >
              Enable account
            </Button>
          )}
        </Stack>
      </Stack>

      {action.isSuccess && (
        <Alert severity="success" role="status">
          {DONE[action.variables]}
        </Alert>
      )}
      {action.isError && <Alert severity="error">{problem(action.error)}</Alert>}
      {exporter.isError && <Alert severity="error">{problem(exporter.error)}</Alert>}

      {/* The two columns end level: their cards grow to fill them (Section). */}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'flex', flexDirection: 'column' }}>
          <Profile detail={customer.data} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Addresses detail={customer.data} />
          <Household detail={customer.data} />
        </Grid>
      </Grid>
      <Orders detail={customer.data} />
      <Cases detail={customer.data} />

      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>Disable {name}’s account?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            They are logged out everywhere at once and cannot log in until the account is enabled
            again. Their orders are not changed.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            loading={action.isPending}
            onClick={() => action.mutate('disable', { onSettled: () => setConfirming(false) })}
          >
            Disable
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ flexGrow: 1 }}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Profile({ detail }: { detail: CustomerDetail }) {
  const c = detail.Customer;
  const rows: [string, ReactNode][] = [
    ['Reference', c.Reference],
    [
      'Email',
      <>
        {c.Email ?? '–'}{' '}
        {c.Email && (
          <Chip
            size="small"
            variant="outlined"
            label={c.EmailValidated ? 'validated' : 'not validated'}
            color={c.EmailValidated ? 'success' : 'warning'}
          />
        )}
      </>,
    ],
    ['Telephone', c.Telephone ?? '–'],
    ['Island', c.Country ?? '–'],
    ['Date of birth', c.DOB ?? '–'],
    ['Marketing e-mails', c.Marketing ? 'Yes' : 'No'],
    ['Registered', day(c.Created)],
    ...(c.Disabled ? [['Disabled', day(c.Disabled)] as [string, ReactNode]] : []),
  ];
  return (
    <Section title="Profile">
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

function Addresses({ detail }: { detail: CustomerDetail }) {
  return (
    <Section title="Addresses">
      {detail.Addresses.length === 0 && (
        <Typography variant="body2">No saved addresses.</Typography>
      )}
      <Grid container spacing={2}>
        {detail.Addresses.map((a) => (
          <Grid key={a.Id} size={{ xs: 12, sm: 6 }}>
            <Typography variant="subtitle2">{a.Type}</Typography>
            <AddressText address={a} />
          </Grid>
        ))}
      </Grid>
    </Section>
  );
}

/** The people of the customer's household (decision 0037), as they address their parcels. */
function Household({ detail }: { detail: CustomerDetail }) {
  return (
    <Section title="Household">
      {detail.Household.length === 0 ? (
        <Typography variant="body2">Nobody else named on the account.</Typography>
      ) : (
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
          {detail.Household.map((m) => (
            <Typography component="li" variant="body2" key={m.Id}>
              {m.FullName}, Ref {detail.Customer.Reference}
            </Typography>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function Orders({ detail }: { detail: CustomerDetail }) {
  const { items, total } = detail.Orders;
  return (
    <Section title="Orders">
      {total === 0 ? (
        <Typography variant="body2">No orders yet.</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Orders">
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>Status</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>What</TableCell>
                <TableCell align="right">Total</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Created</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((o) => (
                <TableRow key={o.Id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/admin/orders/${o.Id}`}>
                      {o.Reference}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <OrderStatusChip status={o.Status} />
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {o.Description}
                    {o.RetailerName && (
                      <Typography variant="body2" color="text.secondary">
                        {o.RetailerName}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{formatPounds(o.Total)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {day(o.Created)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > items.length && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          The latest {items.length} of {total} orders.{' '}
          <Link
            component={RouterLink}
            to={`/admin/orders/?customer=${encodeURIComponent(detail.Customer.Reference)}`}
          >
            See all their orders
          </Link>
        </Typography>
      )}
    </Section>
  );
}

function Cases({ detail }: { detail: CustomerDetail }) {
  return (
    <Section title="Missing-item cases">
      {detail.Cases.length === 0 && <Typography variant="body2">No cases.</Typography>}
      <Stack spacing={2}>
        {detail.Cases.map((k) => (
          <Box key={k.Id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle2">{k.Reference}</Typography>
              <Chip size="small" label={k.Status} />
              <Typography variant="body2" color="text.secondary">
                on{' '}
                <Link component={RouterLink} to={`/admin/orders/${k.OrderId}`}>
                  {k.OrderReference}
                </Link>{' '}
                · {day(k.Created)}
              </Typography>
            </Stack>
            <Typography variant="body2">{k.Description}</Typography>
            {k.Messages.length > 1 && (
              <Typography variant="body2" color="text.secondary">
                {k.Messages.length} messages
              </Typography>
            )}
          </Box>
        ))}
      </Stack>
    </Section>
  );
}
