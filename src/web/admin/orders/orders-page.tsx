import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import {
  OFFICE_ORDER_SORTS,
  type OfficeOrdersQuery,
  type OfficeOrderSummary,
} from '../../../shared/api/office';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/order-status';
import { useOrders } from './api/orders';
import { ListPager, oneOf, textFilters, useListView } from '../kit/list-view';
import { CustomerCell } from '../office/office-parts';
import { problem } from '../kit/problem';

type Sort = (typeof OFFICE_ORDER_SORTS)[number];
const FILTERS = ['reference', 'customer', 'retailer', 'tracking'] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = {
  reference: 'Order reference',
  customer: 'Customer',
  retailer: 'Retailer',
  tracking: 'Tracking number',
};

/** The search, sort and page in the URL, so reload and back keep the list as it was. */
const VIEW = {
  ...textFilters(FILTERS),
  status: oneOf(ORDER_STATUSES),
  sortBy: oneOf(OFFICE_ORDER_SORTS, 'Created'),
  sortDesc: oneOf(['true', 'false'], 'true'),
};

/**
 * /admin/orders/ (office and admin): every order, searched by reference, customer, retailer,
 * tracking number and status, sorted and paged on the server.
 */
export function OrdersPage() {
  const { values: view, page, perPage, set, key } = useListView(VIEW);
  const sortDesc = view.sortDesc === 'true';
  const search: OfficeOrdersQuery = {
    ...Object.fromEntries(FILTERS.map((f) => [f, view[f] || undefined])),
    status: view.status || undefined,
    sortBy: view.sortBy,
    sortDesc: view.sortDesc,
    page,
    itemsPerPage: perPage,
  };
  const orders = useOrders(search);
  const sortBy = (column: Sort) =>
    set({
      sortBy: column,
      sortDesc: String(view.sortBy === column ? !sortDesc : column === 'Created'),
    });
  const sortable = (column: Sort, label: string, align?: 'right') => (
    <TableCell
      align={align}
      sortDirection={view.sortBy === column ? (sortDesc ? 'desc' : 'asc') : false}
    >
      <TableSortLabel
        active={view.sortBy === column}
        direction={view.sortBy === column && sortDesc ? 'desc' : 'asc'}
        onClick={() => sortBy(column)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Orders
      </Typography>
      <SearchForm
        key={key}
        initial={view}
        onSearch={set}
        onClear={() => set({ ...textFilters(FILTERS), status: '' })}
      />
      {orders.isError && <Alert severity="error">{problem(orders.error)}</Alert>}
      {orders.isPending && <Skeleton variant="rounded" height={240} />}
      {orders.data && (
        <Paper variant="outlined">
          <TableContainer>
            <Table aria-label="Orders" size="small">
              <TableHead>
                <TableRow>
                  {sortable('Reference', 'Order')}
                  <TableCell>Customer</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    Retailer and tracking
                  </TableCell>
                  {sortable('Status', 'Status')}
                  {sortable('Created', 'Created')}
                  {sortable('Total', 'Total', 'right')}
                </TableRow>
              </TableHead>
              <TableBody>
                {orders.data.items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>
                      <Typography color="text.secondary">No order matches this search.</Typography>
                    </TableCell>
                  </TableRow>
                )}
                {orders.data.items.map((order) => (
                  <OrderRow key={order.Id} order={order} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPager total={orders.data.total} page={page} perPage={perPage} onChange={set} />
        </Paper>
      )}
    </Stack>
  );
}

function SearchForm({
  initial,
  onSearch,
  onClear,
}: {
  initial: Record<Filter, string> & { status: OrderStatus | '' };
  onSearch: (values: Record<Filter | 'status', string>) => void;
  onClear: () => void;
}) {
  const [values, setValues] = useState<Record<Filter | 'status', string>>({
    ...Object.fromEntries(FILTERS.map((f) => [f, initial[f]])),
    status: initial.status,
  } as Record<Filter | 'status', string>);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(
      Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as typeof values,
    );
  };
  const searching = [...FILTERS, 'status' as const].some((k) => initial[k] !== '');
  return (
    <Paper
      variant="outlined"
      component="form"
      role="search"
      aria-label="Search orders"
      onSubmit={submit}
      sx={{ p: 2 }}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, minmax(0, 1fr))' },
        }}
      >
        {FILTERS.map((f) => (
          <TextField
            key={f}
            size="small"
            label={FILTER_LABELS[f]}
            placeholder={f === 'customer' ? 'Reference, e-mail or name' : undefined}
            value={values[f]}
            onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
          />
        ))}
        <TextField
          select
          size="small"
          label="Status"
          value={values.status}
          onChange={(e) => setValues((v) => ({ ...v, status: e.target.value }))}
        >
          <MenuItem value="">Any status</MenuItem>
          {ORDER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained">
          Search
        </Button>
        {searching && <Button onClick={onClear}>Clear the search</Button>}
      </Stack>
    </Paper>
  );
}

function OrderRow({ order }: { order: OfficeOrderSummary }) {
  return (
    <TableRow hover data-testid="order-row">
      <TableCell>
        <Link component={RouterLink} to={`/admin/orders/${order.Id}`} sx={{ fontWeight: 700 }}>
          {order.Reference}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 240 }} noWrap>
          {order.Description} · {order.Island}
        </Typography>
      </TableCell>
      <CustomerCell customer={order.Customer} />
      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
        {order.RetailerName || '–'}
        {order.TrackingNumber && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {order.TrackingNumber}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Chip size="small" label={order.Status} variant="outlined" />
      </TableCell>
      <TableCell>{formatDisplayDate(new Date(order.Created))}</TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatPounds(order.Total)}
      </TableCell>
    </TableRow>
  );
}
