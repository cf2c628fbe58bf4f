import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import type { CheckoutResult } from '../../../src/shared/api/checkout';
import { jerseyDelivery } from '../../support/addresses';
import { waitFor } from '../../support/wait';
import { registerCustomer, unique } from './accounts';
import { FIRST_ADMIN } from './staff';

/**
 * The depot's browser tests and bench: customers with paid bookings made through the API (as a
 * customer's browser would), a depot member invited by the first admin, and the outbox. The calls
 * throw on an unexpected answer, so the bench (outside the test runner) can use them too.
 */

async function ok(res: APIResponse, what: string) {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res;
}
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A customer with a Jersey delivery address, and their customer reference. */
export async function depotCustomer(request: APIRequestContext, firstName = 'Ann') {
  const customer = await registerCustomer(request, firstName);
  const address = await ok(
    await request.post('/public/addresses/create', {
      headers: auth(customer.token),
      data: jerseyDelivery(),
    }),
    'address',
  );
  const me = await ok(
    await request.get('/public/auth/me', { headers: auth(customer.token) }),
    'me',
  );
  return {
    ...customer,
    addressId: ((await address.json()) as { Id: number }).Id,
    reference: ((await me.json()) as { Reference: string }).Reference,
  };
}
export type DepotCustomer = Awaited<ReturnType<typeof depotCustomer>>;

let bookings = 0;

/**
 * A booking of the band to Jersey, checked out and paid with the sandbox's card that pays: it
 * awaits its parcel. `trackingNumber` is the UK courier's, as the customer gives it.
 */
export async function paidBooking(
  request: APIRequestContext,
  customer: DepotCustomer,
  {
    band = 'C',
    trackingNumber = '',
    description = 'Kettle and toaster',
    /** With one item line for the whole value (a parcel without lines may not leave). */
    itemised = false,
  } = {},
) {
  const products = await ok(await request.post('/api/products', { data: {} }), 'products');
  const { items } = (await products.json()) as { items: { Id: number; Code: string }[] };
  bookings += 1;
  const created = await ok(
    await request.post('/public/orders/create', {
      headers: { ...auth(customer.token), 'idempotency-key': `depot-${unique()}-${bookings}` },
      data: {
        Orders: [
          {
            LocalId: 1,
            ProductId: items.find((p) => p.Code === band)!.Id,
            RetailerName: 'John Lewis',
            RetailerOrderNumber: `JL-${bookings}`,
            TrackingNumber: trackingNumber,
            TermsAcceptedAt: new Date().toISOString(),
            ItemDescription: description,
            ItemValue: 89.99,
            ItemCount: 2,
            Island: 'Jersey',
            selectedExtras: [],
            ...(itemised
              ? {
                  ItemLines: [
                    { Description: description, Quantity: 1, ValueEach: 89.99, Origin: 'GB' },
                  ],
                }
              : {}),
          },
        ],
        DeliveryAddressId: customer.addressId,
        BillingAddressId: customer.addressId,
        TermsAccepted: true,
      },
    }),
    'checkout',
  );
  const checkout = (await created.json()) as CheckoutResult;
  const paid = await request.post(checkout.Payment.CheckoutUrl!, {
    form: { card: '4242424242424242', expiry: '12 / 30', cvc: '123', name: 'Ann Le Brocq' },
    maxRedirects: 0,
  });
  if (paid.status() !== 303) throw new Error(`sandbox payment: ${paid.status()}`);
  return checkout.Orders[0];
}

let members = 0;

/**
 * A staff member of the role (depot by default): invited by the first admin, their password set
 * from the invitation's link. Each call makes a new one.
 */
export async function staffMember(
  request: APIRequestContext,
  role: 'depot' | 'office' | 'admin' = 'depot',
) {
  const login = await ok(
    await request.post('/api/admin/auth/login', {
      data: { email: FIRST_ADMIN.email, password: FIRST_ADMIN.password },
    }),
    'admin login',
  );
  members += 1;
  const email = `${role}.${unique()}.${members}@staff.ferrybox.test`;
  await ok(
    await request.post('/api/admin/staff/invite', {
      headers: auth((await login.json()) as string),
      data: {
        Email: email,
        FirstName: STAFF_NAMES[role][0],
        LastName: STAFF_NAMES[role][1],
        Role: role,
      },
    }),
    'invite',
  );
  // the invitation goes out through the mail queue
  const token = await waitFor(
    async () =>
      (await outbox(request))
        .find((e) => e.to.includes(email) && e.kind === 'staff-invitation')
        ?.links.find((l) => l.includes('/admin/invitation/'))
        ?.split('/')
        .at(-1),
    { what: `the invitation to ${email}` },
  );
  const password = 'Ferrybox-Staff-7!';
  const accepted = await ok(
    await request.post('/api/admin/auth/accept-invitation', {
      data: { token, Password: password, ConfirmPassword: password },
    }),
    'accept invitation',
  );
  const name = STAFF_NAMES[role].join(' ');
  return { email, password, name, token: (await accepted.json()) as string };
}

const STAFF_NAMES = { depot: ['Dee', 'Pott'], office: ['Olive', 'Office'], admin: ['Ada', 'Min'] };

/** A depot member (see staffMember). */
export const depotMember = (request: APIRequestContext) => staffMember(request, 'depot');

interface OutboxEntry {
  to: string;
  kind: string;
  subject: string;
  links: string[];
}

export async function outbox(request: APIRequestContext) {
  return (await (
    await ok(await request.get('/dev/outbox.json'), 'outbox')
  ).json()) as OutboxEntry[];
}

/** Receives a parcel through the API, as the receiving screen would (for the later steps). */
export async function receivedThroughApi(
  request: APIRequestContext,
  staffToken: string,
  orderId: number,
) {
  await ok(
    await request.post('/api/admin/depot/receive', {
      headers: auth(staffToken),
      data: {
        OrderId: orderId,
        WeightKg: 3,
        LengthCm: 40,
        WidthCm: 30,
        HeightCm: 20,
        Shelf: 'C-1',
      },
    }),
    'receive',
  );
}

/**
 * Presses Enter and times, in the page, how long the screen takes until `done` (a JavaScript
 * expression) holds: from the key's event to the frame that shows it.
 */
export async function timeEnter(page: Page, done: string): Promise<number> {
  // strings, not functions: the bench's loader (tsx) would add helpers the page lacks
  await page.evaluate(
    `window.enterAt = undefined; document.addEventListener('keydown', (e) => { if (e.key === 'Enter') window.enterAt = performance.now(); }, { capture: true, once: true })`,
  );
  await page.keyboard.press('Enter');
  const elapsed = await page.waitForFunction(
    `(() => { const at = window.enterAt; return at !== undefined && (${done}) ? performance.now() - at : false; })()`,
    undefined,
    { polling: 'raf' },
  );
  return (await elapsed.jsonValue()) as number;
}

/** The receiving screen's search field (one field for every way a label names its parcel). */
export const receiveSearch = (page: Page) =>
  page.getByRole('textbox', {
    name: 'Customer reference, tracking number, order reference or name',
  });

/**
 * On the receiving screen (open, its search focused): the customer's reference typed, the
 * booking chosen in the list with the arrow keys, the parcel's measures typed a Tab apart, Enter.
 */
export async function receiveByKeyboard(
  page: Page,
  customerReference: string,
  orderReference: string,
) {
  const keys = page.keyboard;
  await expect(receiveSearch(page)).toBeFocused();
  await keys.type(customerReference);
  await keys.press('Enter');
  const list = page.getByRole('listbox', { name: 'Bookings' });
  await expect(list).toBeFocused();
  const selected = list.getByRole('option', { selected: true });
  for (let i = 0; i < 5 && !(await selected.textContent())?.includes(orderReference); i++) {
    await keys.press('ArrowDown');
  }
  await expect(selected).toContainText(orderReference);
  await keys.press('Enter');
  for (const [i, value] of ['2', '30', '20', '6', 'K-9'].entries()) {
    if (i > 0) await keys.press('Tab');
    await keys.type(value);
  }
  await keys.press('Enter');
  await expect(page.getByTestId('receive-outcome')).toContainText(`Received ${orderReference}`);
  // ready for the next parcel
  await expect(receiveSearch(page)).toBeFocused();
}
