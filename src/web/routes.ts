import { type RouteConfig, index, route } from '@react-router/dev/routes';

// docs/requirements.md §2. Static paths end in a slash; `/terms-and-conditions` is linked without
// one. `/x-{id}` and `/{slug}/` are both one segment, so one content route serves them (the loader
// tells them apart); it is matched after every specific route. The ids `home` and
// `content-page` name the routes whose data is prerendered page data (lib/page-data.ts).
export default [
  index('routes/home.tsx', { id: 'home' }),
  route('404', 'routes/not-found.tsx', { id: 'not-found-page' }),
  // The customer site: every screen below up to the back office is drawn with the site's own
  // primitives and reads its data through React Router's loaders, actions and fetchers (the
  // booking screens' few shared reads aside, lib/remote-resource.ts); no MUI,
  // emotion or TanStack Query (docs/decisions/0029, checked by .dependency-cruiser.cjs). Ids that
  // must be digits use requireDigits() from lib/route-params.ts.
  // Booking starts at the size step (features/booking). A new booking (no id) has no client
  // loader, so its page is prerendered like the content pages (react-router.config.ts) and
  // paints before its code loads (docs/decisions/0029).
  route('order', 'routes/order-start.tsx'),
  route('order/:id', 'routes/order.tsx'),
  route('order/size/:id', 'routes/order-size.tsx'),
  route('calculator', 'routes/calculator-start.tsx'),
  route('calculator/:id', 'routes/calculator.tsx'),
  // The later booking steps, the quote, the basket and the checkout (docs/decisions/0029).
  route('order/retailer/:id', 'routes/order-retailer.tsx'),
  route('order/terms/:id', 'routes/order-terms.tsx'),
  route('order/details/:id', 'routes/order-details.tsx'),
  route('order/additions/:id', 'routes/order-additions.tsx'),
  route('quote', 'routes/quote.tsx'),
  route('quote-confirm', 'routes/quote-confirm.tsx'),
  route('order-confirm', 'routes/order-confirm.tsx'),
  route('basket', 'routes/basket.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  // My Account (decision 0029): the site's own primitives, and React Router's loaders, actions and
  // fetchers for the customer's data; the layout asks to log in. Account pages go inside it.
  route('dashboard', 'routes/dashboard.tsx', [
    index('routes/dashboard-home.tsx'),
    route('orders', 'routes/dashboard-orders.tsx'),
    route('orders/:id', 'routes/dashboard-order.tsx'),
    route('profile', 'routes/dashboard-profile.tsx'),
    route('addresses', 'routes/dashboard-addresses.tsx'),
    route('household', 'routes/dashboard-household.tsx'),
    route('consolidation', 'routes/dashboard-consolidation.tsx'),
    route('delete-account', 'routes/dashboard-delete-account.tsx'),
    route('pay/:id', 'routes/dashboard-pay.tsx'),
    route('quote/:id', 'routes/dashboard-quote.tsx'),
  ]),
  // After paying (decision 0013), the pages opened from an e-mailed link (decision 0005), the
  // public check of an export certificate from its QR code (decision 0020, no login) and the
  // primitives for review: plain too, their data read by their route's clientLoader (decision
  // 0029).
  route('payment/success', 'routes/payment-success.tsx'),
  route('payment/failure', 'routes/payment-failure.tsx'),
  route('validate-email/:token', 'routes/validate-email.tsx'),
  route('reset-password/:token', 'routes/reset-password.tsx'),
  route('verify/:code', 'routes/verify.tsx'),
  // An order's parcel from the private link of its e-mails (decision 0036, no login, not indexed).
  route('track/:code', 'routes/track.tsx'),
  route('dev/primitives', 'routes/primitives.tsx'),
  // The back office (decision 0020): staff only, its own layout and session, loaded only here.
  route('admin', 'routes/admin.tsx', [
    index('routes/admin-home.tsx'),
    route('login', 'routes/admin-login.tsx'),
    route('invitation/:token', 'routes/admin-invitation.tsx'),
    route('staff', 'routes/admin-staff.tsx'),
    route('receive', 'routes/admin-receive.tsx'),
    route('parcels', 'routes/admin-parcels.tsx'),
    route('waiting', 'routes/admin-waiting.tsx'),
    route('dispatch', 'routes/admin-dispatch.tsx'),
    route('sailings', 'routes/admin-sailings.tsx'),
    route('returns', 'routes/admin-returns.tsx'),
    route('consolidation', 'routes/admin-consolidation.tsx'),
    route('today', 'routes/admin-today.tsx'),
    route('quotes', 'routes/admin-quotes.tsx'),
    route('orders', 'routes/admin-orders.tsx'),
    route('orders/:id', 'routes/admin-order.tsx'),
    route('customers', 'routes/admin-customers.tsx'),
    route('customers/:id', 'routes/admin-customer.tsx'),
    route('audit', 'routes/admin-audit.tsx'),
    route('invoices', 'routes/admin-invoices.tsx'),
    route('cases', 'routes/admin-cases.tsx'),
    route('cases/:id', 'routes/admin-case.tsx'),
    route('catalogue', 'routes/admin-catalogue.tsx'),
    route('settings', 'routes/admin-settings.tsx'),
    route('health', 'routes/admin-health.tsx'),
  ]),
  route(':slug', 'routes/content-page.tsx', { id: 'content-page' }),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
