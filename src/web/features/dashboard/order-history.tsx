import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  MenuItem,
  Pagination,
  PaginationItem,
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
  Link as MuiLink,
} from '@mui/material';
import {
  ORDER_HISTORY_DEFAULTS,
  ORDER_SEARCH_MAX,
  type CustomerOrder,
  type Invoice,
  type OrderSortField,
} from '../../../shared/api/orders';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { VISIBLE_ORDER_STATUSES, type OrderStatus } from '../../../shared/order-status';
import { AnswerQuoteButton, PayInvoiceButton } from './action-buttons';
import { useOrderHistory } from './api/orders';
import {
  DEFAULT_VIEW,
  firstDirectionDesc,
  historyRequest,
  historySearchParams,
  isFiltered,
  readHistoryParams,
  type HistoryView,
} from './history-params';
import { OrderStatusChip } from './order-status-chip';

const PAGE_SIZE = ORDER_HISTORY_DEFAULTS.itemsPerPage;

/** The table's sortable columns, and how the phone's sort menu names each direction. */
const SORTS: readonly { field: OrderSortField; column: string; asc: string; desc: string }[] = [
  { field: 'Created', column: 'Date', asc: 'Date: oldest first', desc: 'Date: newest first' },
  {
    field: 'Reference',
    column: 'Reference',
    asc: 'Reference: lowest first',
    desc: 'Reference: highest first',
  },
  { field: 'RetailerName', column: 'Retailer', asc: 'Retailer: A to Z', desc: 'Retailer: Z to A' },
  { field: 'Island', column: 'Island', asc: 'Island: A to Z', desc: 'Island: Z to A' },
  {
    field: 'StatusId_Name',
    column: 'Status',
    asc: 'Status: earliest stage first',
    desc: 'Status: latest stage first',
  },
  { field: 'Total', column: 'Total', asc: 'Total: lowest first', desc: 'Total: highest first' },
];

const orderPath = (order: CustomerOrder) => `/dashboard/orders/${order.Id}`;
const createdOn = (order: CustomerOrder) => formatDisplayDate(new Date(order.Created));
const retailerOf = (order: CustomerOrder) => order.RetailerName || '—';
/** What it costs: its total, else a quote's price, else nothing yet (a quote to be priced). */
function priceOf(order: CustomerOrder) {
  if (order.Total > 0) return formatPounds(order.Total);
  if (order.QuotePrice !== null) return `${formatPounds(order.QuotePrice)} quoted`;
  return order.StatusId_Name === 'Quote Requested' ? 'To be quoted' : '—';
}

/**
 * Order History (/dashboard/orders/): the customer's orders a page at a time, sorted, filtered by
 * status and searched by reference or retailer on the server (POST /public/orders), with what is
 * owed on each (an unpaid invoice, with its Pay link). The view lives in the address's search
 * params (./history-params.ts). Cards on a phone, a table from 1280 px.
 */
export function OrderHistoryPage() {
  const [params, setParams] = useSearchParams();
  const view = readHistoryParams(params);
  const list = useOrderHistory(historyRequest(view, PAGE_SIZE));
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.itemsPerPage)) : 1;
  const show = (next: HistoryView) => setParams(historySearchParams(next));
  /** A new search, filter or sort starts again at the first page. */
  const change = (changes: Partial<HistoryView>) => show({ ...view, page: 1, ...changes });
  const sortBy = (field: OrderSortField) =>
    change({
      sortBy: field,
      sortDesc: field === view.sortBy ? !view.sortDesc : firstDirectionDesc(field),
    });

  // A page past the last (orders went, or an old link): show the last page instead.
  const pastTheEnd = !!data && !list.isPlaceholderData && view.page > pages;
  useEffect(() => {
    if (pastTheEnd) setParams(historySearchParams({ ...view, page: pages }), { replace: true });
  });

  const filtered = isFiltered(view);
  const first = data ? (data.page - 1) * data.itemsPerPage + 1 : 0;

  return (
    <Stack spacing={2}>
      <Typography variant="h1">Order History</Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap', rowGap: 2 }}
      >
        <SearchForm
          key={view.search}
          search={view.search}
          onSearch={(s) => change({ search: s })}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={view.status ?? ''}
          onChange={(e) => change({ status: (e.target.value || null) as OrderStatus | null })}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {VISIBLE_ORDER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sort by"
          value={`${view.sortBy}:${view.sortDesc ? 'desc' : 'asc'}`}
          onChange={(e) => {
            const [field, dir] = e.target.value.split(':') as [OrderSortField, string];
            change({ sortBy: field, sortDesc: dir === 'desc' });
          }}
          sx={{ minWidth: 220, display: { lg: 'none' } }}
        >
          {SORTS.flatMap((s) =>
            (['desc', 'asc'] as const).map((dir) => (
              <MenuItem key={`${s.field}:${dir}`} value={`${s.field}:${dir}`}>
                {s[dir]}
              </MenuItem>
            )),
          )}
        </TextField>
      </Stack>

      {list.isPending && (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <CircularProgress aria-label="Loading your orders" />
        </Box>
      )}
      {list.isError && (
        <Alert severity="error">Your orders could not be loaded, please try again.</Alert>
      )}
      {data && data.total === 0 && !filtered && <NoOrders />}
      {data && data.total === 0 && filtered && (
        <Stack spacing={1} sx={{ py: 2, alignItems: 'flex-start' }}>
          <Typography>
            No orders match {view.search ? `“${view.search}”` : 'this status'}.
          </Typography>
          <Button variant="outlined" onClick={() => show(DEFAULT_VIEW)}>
            Show all orders
          </Button>
        </Stack>
      )}
      {data && data.Orders.length > 0 && (
        <>
          <Typography color="text.secondary" data-testid="orders-count">
            {data.total === 1
              ? 'One order'
              : `Orders ${first}–${first + data.Orders.length - 1} of ${data.total}`}
          </Typography>
          <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}>
            <OrderCards orders={data.Orders} invoices={data.Invoices} />
            <OrderTable orders={data.Orders} invoices={data.Invoices} view={view} onSort={sortBy} />
          </Box>
        </>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(view.page, pages)}
          color="primary"
          sx={{ alignSelf: 'center' }}
          renderItem={(item) => (
            <PaginationItem
              component={Link}
              to={`?${historySearchParams({ ...view, page: item.page ?? 1 })}`}
              {...item}
            />
          )}
          getItemAriaLabel={(type, item, selected) =>
            type === 'page'
              ? `${selected ? 'Page' : 'Go to page'} ${item}`
              : `Go to the ${type} page`
          }
        />
      )}
    </Stack>
  );
}

/** The search box: applied on Enter or Search, so each search is one step of the history. */
function SearchForm({ search, onSearch }: { search: string; onSearch(search: string): void }) {
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
      <TextField
        size="small"
        type="search"
        label="Search orders"
        placeholder="Order reference or retailer"
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{ htmlInput: { maxLength: ORDER_SEARCH_MAX }, inputLabel: { shrink: true } }}
        sx={{ flexGrow: 1, minWidth: { sm: 260 } }}
      />
      <Button type="submit" variant="outlined">
        Search
      </Button>
    </Box>
  );
}

function NoOrders() {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" gutterBottom>
          No orders yet
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Shop at a UK retailer, send the parcel to your UK address, then book its delivery to the
          islands here. Your orders and quotes will be listed on this page.
        </Typography>
        <Button variant="contained" component={Link} to="/order/">
          Add a delivery
        </Button>
      </CardContent>
    </Card>
  );
}

/** The unpaid invoices of an order (SPEC section 3: linked by OrderId). */
const owedOn = (order: CustomerOrder, invoices: readonly Invoice[]) =>
  invoices.filter((i) => i.OrderId === order.Id && i.Status === 'unpaid');

/** What the customer can do about an order now: answer its quote, pay what is owed on it. */
function Actions({ order, invoices }: { order: CustomerOrder; invoices: readonly Invoice[] }) {
  const owed = owedOn(order, invoices);
  return (
    <>
      {order.StatusId_Name === 'Quote Ready' && (
        <AnswerQuoteButton order={order}>Answer quote</AnswerQuoteButton>
      )}
      {owed.map((invoice) => (
        <PayInvoiceButton key={invoice.Id} invoice={invoice}>
          Pay {formatPounds(invoice.Amount)}
        </PayInvoiceButton>
      ))}
    </>
  );
}

/** Below 1280 px: one card per order. */
function OrderCards({ orders, invoices }: { orders: CustomerOrder[]; invoices: Invoice[] }) {
  return (
    <Box
      component="ul"
      aria-label="Your orders"
      sx={{
        display: { xs: 'grid', lg: 'none' },
        listStyle: 'none',
        m: 0,
        p: 0,
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {orders.map((order) => (
        <Box component="li" key={order.Id} sx={{ display: 'flex' }}>
          <Card variant="outlined" sx={{ width: '100%' }} data-testid="order-card">
            <CardContent>
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
              >
                <MuiLink
                  component={Link}
                  to={orderPath(order)}
                  variant="h3"
                  sx={{ fontSize: '1.05rem' }}
                >
                  {order.Reference}
                </MuiLink>
                <OrderStatusChip status={order.StatusId_Name} />
              </Stack>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{order.ItemDescription}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[createdOn(order), order.RetailerName, order.Island].filter(Boolean).join(' · ')}
              </Typography>
              <Stack
                direction="row"
                spacing={1}
                sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between' }}
              >
                <Typography sx={{ fontWeight: 600 }}>{priceOf(order)}</Typography>
                <Stack direction="row" spacing={1}>
                  <Actions order={order} invoices={invoices} />
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        </Box>
      ))}
    </Box>
  );
}

/** From 1280 px: a table whose column heads sort it. */
function OrderTable({
  orders,
  invoices,
  view,
  onSort,
}: {
  orders: CustomerOrder[];
  invoices: Invoice[];
  view: HistoryView;
  onSort(field: OrderSortField): void;
}) {
  const head = (field: OrderSortField, align: 'left' | 'right' = 'left') => {
    const active = view.sortBy === field;
    const direction = view.sortDesc ? 'desc' : 'asc';
    return (
      <TableCell align={align} sortDirection={active ? direction : false}>
        <TableSortLabel
          active={active}
          direction={active ? direction : firstDirectionDesc(field) ? 'desc' : 'asc'}
          onClick={() => onSort(field)}
        >
          {SORTS.find((s) => s.field === field)!.column}
        </TableSortLabel>
      </TableCell>
    );
  };
  return (
    <TableContainer sx={{ display: { xs: 'none', lg: 'block' } }}>
      <Table size="small" aria-label="Your orders" sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {head('Reference')}
            {head('Created')}
            {head('RetailerName')}
            <TableCell>Description</TableCell>
            {head('Island')}
            {head('StatusId_Name')}
            {head('Total', 'right')}
            <TableCell>
              <Box component="span" className="visually-hidden">
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.Id} hover data-testid="order-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <MuiLink component={Link} to={orderPath(order)} sx={{ fontWeight: 600 }}>
                  {order.Reference}
                </MuiLink>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{createdOn(order)}</TableCell>
              <TableCell>{retailerOf(order)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 220 }}>
                {order.ItemDescription}
              </TableCell>
              <TableCell>{order.Island}</TableCell>
              <TableCell>
                <OrderStatusChip status={order.StatusId_Name} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {priceOf(order)}
              </TableCell>
              <TableCell>
                <Stack spacing={0.5}>
                  <Actions order={order} invoices={invoices} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
