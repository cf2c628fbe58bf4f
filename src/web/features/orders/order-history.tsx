import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigation, useSearchParams } from 'react-router';
import type { CustomerOrder, CustomerOrders, Invoice } from '../../../shared/api/orders';
import { ORDER_SEARCH_MAX, type OrderSortField } from '../../../shared/order-history';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { VISIBLE_ORDER_STATUSES, type OrderStatus } from '../../../shared/order-status';
import { Pager } from '../../components/pager';
import { Alert } from '../../components/plain-controls';
import { useSessionData, type Loaded } from '../../lib/route-data';
import { FormField } from '../../components/form-fields';
import { AnswerQuoteButton, PayInvoiceButton } from '../../components/order-action-buttons';
import {
  DEFAULT_VIEW,
  firstDirectionDesc,
  historySearchParams,
  isFiltered,
  pageCount,
  readHistoryParams,
  type HistoryView,
} from './history-params';
import { OrderStatusChip } from '../../components/order-status-chip';
import '../../styles/account-screens.css';
import './order-history.css';
import { Icon, icons } from '../../components/icons';

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
/** What it costs: the total the server gives, else a quote's price, else nothing yet. */
function priceOf(order: CustomerOrder) {
  if (order.Total > 0) return formatPounds(order.Total);
  if (order.QuotePrice !== null) return `${formatPounds(order.QuotePrice)} quoted`;
  return order.StatusId_Name === 'Quote Requested' ? 'To be quoted' : '—';
}

/** What the route's loader read (routes/dashboard-orders.tsx). */
export interface OrderHistoryData {
  view: HistoryView;
  list: Loaded<CustomerOrders>;
}

/**
 * Order History (/dashboard/orders/): the customer's orders a page at a time, sorted, filtered by
 * status and searched by reference or retailer on the server (POST /public/orders, read by the
 * route's loader), with what is owed on each (an unpaid invoice, with its Pay link). The view
 * lives in the address's search params (./history-params.ts); while the next view loads, the one
 * shown stays, dimmed. Cards on a phone, a table from 1280 px.
 */
export function OrderHistoryPage({ view, ...props }: OrderHistoryData) {
  const { data: list, failure } = useSessionData(props.list);
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  // The view asked for: the one loading, else the one shown. The controls show it, and the next
  // change builds on it, so a filter chosen while the last one loads keeps that one too.
  const asked = loading ? readHistoryParams(new URLSearchParams(navigation.location.search)) : view;
  const show = (next: HistoryView) => setParams(historySearchParams(next));
  /** A new search, filter or sort starts again at the first page. */
  const change = (changes: Partial<HistoryView>) => show({ ...asked, page: 1, ...changes });
  const sortBy = (field: OrderSortField) =>
    change({
      sortBy: field,
      sortDesc: field === asked.sortBy ? !asked.sortDesc : firstDirectionDesc(field),
    });

  const filtered = isFiltered(view);
  const first = list ? (list.page - 1) * list.itemsPerPage + 1 : 0;

  return (
    <div className="screen">
      <h1 className="screen__h1">Order History</h1>
      <div className="history-controls">
        <SearchForm
          key={asked.search}
          search={asked.search}
          onSearch={(s) => change({ search: s })}
        />
        <div className="history-controls__select">
          <FormField
            select
            name="status"
            label="Status"
            value={asked.status ?? ''}
            onChange={(e) => change({ status: (e.target.value || null) as OrderStatus | null })}
          >
            <option value="">All statuses</option>
            {VISIBLE_ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </FormField>
        </div>
        <div className="history-controls__select history-controls__sort">
          <FormField
            select
            name="sort"
            label="Sort by"
            value={`${asked.sortBy}:${asked.sortDesc ? 'desc' : 'asc'}`}
            onChange={(e) => {
              const [field, dir] = e.target.value.split(':') as [OrderSortField, string];
              change({ sortBy: field, sortDesc: dir === 'desc' });
            }}
          >
            {SORTS.flatMap((s) =>
              (['desc', 'asc'] as const).map((dir) => (
                <option key={`${s.field}:${dir}`} value={`${s.field}:${dir}`}>
                  {s[dir]}
                </option>
              )),
            )}
          </FormField>
        </div>
      </div>

      {failure && (
        <Alert severity="error">Your orders could not be loaded, please try again.</Alert>
      )}
      {list && list.total === 0 && !filtered && <NoOrders />}
      {list && list.total === 0 && filtered && (
        <div className="history-none">
          <p>No orders match {view.search ? `“${view.search}”` : 'this status'}.</p>
          <button
            type="button"
            className="button button--outlined"
            onClick={() => show(DEFAULT_VIEW)}
          >
            Show all orders
          </button>
        </div>
      )}
      {list && list.Orders.length > 0 && (
        <>
          <p className="screen__muted" data-testid="orders-count">
            {list.total === 1
              ? 'One order'
              : `Orders ${first}–${first + list.Orders.length - 1} of ${list.total}`}
          </p>
          <div
            className={`history-list${loading ? ' history-list--loading' : ''}`}
            aria-busy={loading}
          >
            <OrderCards orders={list.Orders} invoices={list.Invoices} />
            <OrderTable orders={list.Orders} invoices={list.Invoices} view={view} onSort={sortBy} />
          </div>
          <Pager
            page={view.page}
            count={pageCount(list)}
            to={(page) => `?${historySearchParams({ ...view, page })}`}
            label="Pages of your orders"
          />
        </>
      )}
    </div>
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
    <form role="search" onSubmit={submit} className="history-search">
      <FormField
        type="search"
        name="q"
        label="Search orders"
        placeholder="Order reference or retailer"
        shrink
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={ORDER_SEARCH_MAX}
      />
      <button type="submit" className="button button--outlined">
        Search
      </button>
    </form>
  );
}

function NoOrders() {
  return (
    <div className="card screen screen--start">
      <h2>No orders yet</h2>
      <p>
        Shop at a UK retailer, send the parcel to your UK address, then book its delivery to the
        islands here. Your orders and quotes will be listed on this page.
      </p>
      <Link to="/order/" className="button button--contained">
        Add a delivery
      </Link>
    </div>
  );
}

/** The unpaid invoices of an order (docs/requirements.md §3: linked by OrderId). */
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
    <ul aria-label="Your orders" className="order-cards screen__grid screen__grid--md">
      {orders.map((order) => (
        <li key={order.Id}>
          <div className="card order-card" data-testid="order-card">
            <div className="order-card__head">
              <Link to={orderPath(order)} className="order-card__reference">
                {order.Reference}
              </Link>
              <OrderStatusChip status={order.StatusId_Name} />
            </div>
            <p className="order-card__description">{order.ItemDescription}</p>
            <p className="screen__muted screen__small">
              {[createdOn(order), order.RetailerName, order.Island].filter(Boolean).join(' · ')}
            </p>
            <div className="order-card__foot">
              <strong>{priceOf(order)}</strong>
              <div className="order-card__actions">
                <Actions order={order} invoices={invoices} />
              </div>
            </div>
          </div>
        </li>
      ))}
    </ul>
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
  const head = (field: OrderSortField, numeric = false) => {
    const active = view.sortBy === field;
    const desc = active ? view.sortDesc : firstDirectionDesc(field);
    return (
      <th
        scope="col"
        className={numeric ? 'order-table__number' : undefined}
        aria-sort={active ? (view.sortDesc ? 'descending' : 'ascending') : undefined}
      >
        <button
          type="button"
          className={`order-table__sort${active ? ' order-table__sort--active' : ''}${desc ? '' : ' order-table__sort--asc'}`}
          onClick={() => onSort(field)}
        >
          {SORTS.find((s) => s.field === field)!.column}
          <Icon path={icons.arrowDown} size={18} />
        </button>
      </th>
    );
  };
  return (
    <div className="order-table-frame">
      <table aria-label="Your orders" className="order-table">
        <thead>
          <tr>
            {head('Reference')}
            {head('Created')}
            {head('RetailerName')}
            <th scope="col">Description</th>
            {head('Island')}
            {head('StatusId_Name')}
            {head('Total', true)}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.Id} data-testid="order-row">
              <td className="order-table__nowrap">
                <Link to={orderPath(order)} className="screen__strong-link">
                  {order.Reference}
                </Link>
              </td>
              <td className="order-table__nowrap">{createdOn(order)}</td>
              <td>{retailerOf(order)}</td>
              <td className="order-table__description">{order.ItemDescription}</td>
              <td>{order.Island}</td>
              <td>
                <OrderStatusChip status={order.StatusId_Name} />
              </td>
              <td className="order-table__number order-table__nowrap">{priceOf(order)}</td>
              <td>
                <div className="order-table__actions">
                  <Actions order={order} invoices={invoices} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
