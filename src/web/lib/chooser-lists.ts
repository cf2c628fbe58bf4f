import type { Address, AddressListRequest } from '../../shared/api/addresses';
import { ADDRESS_PAGE_SIZE } from '../../shared/saved-addresses';
import { readForSession, type Loaded } from './route-data';
import { listAddresses } from './api/list-addresses';

// The address choosers of the checkout and of a quote's acceptance read their lists in the
// screen's loader (routes/checkout.tsx, routes/dashboard-quote.tsx): how many pages each shows is
// in the screen's address (`?delivery=2`), "Show more addresses" asks for one more, and React
// Router reads the lists again after an address is saved (docs/decisions/0029).

export type ChooserType = 'Delivery' | 'Billing';

/** What a chooser shows: its first pages, in order. */
export interface ChooserList {
  /** The addresses of the pages read. */
  items: Address[];
  /** How many addresses there are in all. */
  total: number;
  /** A page after the first could not be read: those before it are shown. */
  moreFailed: boolean;
}

/** Each chooser's list as the screen's loader reads it: not awaited, so the screen shows at once. */
export type ChooserLists = Record<ChooserType, Promise<Loaded<ChooserList>>>;

/** The search parameter that holds how many pages a chooser shows. */
export const PAGES_PARAM: Record<ChooserType, string> = {
  Delivery: 'delivery',
  Billing: 'billing',
};

/** How many pages a chooser shows: 1 unless the address says a whole number from 1. */
export function pagesShown(search: URLSearchParams, type: ChooserType) {
  const pages = Number(search.get(PAGES_PARAM[type]));
  return Number.isSafeInteger(pages) && pages >= 1 ? pages : 1;
}

/**
 * The list call of docs/requirements.md §9 for a chooser: 10 a page, Updated ascending; the
 * delivery chooser asks for delivery addresses only, the billing one for all (any can be billed
 * to).
 */
const chooserPage = (type: ChooserType, page: number): AddressListRequest => ({
  options: { sortBy: 'Updated', sortDesc: false, itemsPerPage: ADDRESS_PAGE_SIZE, page },
  filter: type === 'Delivery' ? { Type: 'Delivery' } : {},
});

/**
 * A chooser's first `pages` pages: the first decides (a failure is the chooser's), the others are
 * read together, up to the last there is; the pages before one that failed are shown.
 */
async function readPages(type: ChooserType, pages: number): Promise<ChooserList> {
  const first = await listAddresses(chooserPage(type, 1));
  const last = Math.min(pages, Math.ceil(first.total / ADDRESS_PAGE_SIZE));
  const later = await Promise.allSettled(
    Array.from({ length: Math.max(0, last - 1) }, (_, index) =>
      listAddresses(chooserPage(type, index + 2)),
    ),
  );
  const read = [first];
  for (const page of later) {
    if (page.status === 'rejected') break;
    read.push(page.value);
  }
  // An address saved between two pages' readings can appear on both.
  const seen = new Set<number>();
  const items = read
    .flatMap((page) => page.items)
    .filter((address) => !seen.has(address.Id) && seen.add(address.Id));
  return { items, total: first.total, moreFailed: read.length < later.length + 1 };
}

/** The loader's part for the choosers: both lists, for the session's customer. */
export function readChoosers(request: Request): ChooserLists {
  const { searchParams } = new URL(request.url);
  const read = (type: ChooserType) =>
    readForSession(() => readPages(type, pagesShown(searchParams, type)));
  return { Delivery: read('Delivery'), Billing: read('Billing') };
}
