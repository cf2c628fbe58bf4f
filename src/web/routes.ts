import { type RouteConfig, index, route } from '@react-router/dev/routes';

// SPEC section 2. Static paths end in a slash; `/terms-and-conditions` is linked without one.
// `/x-{id}` and `/{slug}/` are both one segment, so one content route serves them (the loader
// tells them apart); it is matched after every specific route.
export default [
  index('routes/home.tsx'),
  route('404', 'routes/not-found.tsx', { id: 'not-found-page' }),

  // Booking: order steps, calculator, basket, quote (issue 6).

  // Accounts: dashboard, e-mail validation, password reset (issue 4).

  route(':slug', 'routes/content-page.tsx'),
  route('*', 'routes/not-found.tsx', { id: 'catch-all' }),
] satisfies RouteConfig;
