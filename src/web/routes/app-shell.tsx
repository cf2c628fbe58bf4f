import { Outlet } from 'react-router';
import { AppProviders } from '../components/app-providers';

/**
 * The pathless layout of the app screens (SPEC section 2: the booking steps after the size step,
 * basket, checkout, payment, quote, dashboard, validate-email, reset-password): MUI and TanStack
 * Query, loaded with the first of those screens, never on the content pages nor on the size step
 * (docs/decisions/0011). Add those routes under it in routes.ts.
 */
export default function AppShell() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
