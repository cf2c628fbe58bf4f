import { Outlet } from 'react-router';
import { AppProviders } from '../components/app-providers';

/**
 * The pathless layout of the app screens (SPEC section 2: payment, dashboard, validate-email,
 * reset-password): MUI and TanStack Query, loaded with the first of those screens, never on the
 * content pages nor on the booking screens, basket and checkout (docs/decisions/0011, 0027). Add
 * those routes under it in routes.ts.
 */
export default function AppShell() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
