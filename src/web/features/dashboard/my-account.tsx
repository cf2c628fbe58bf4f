import { Link, useFetcher } from 'react-router';
import type { UserData } from '../../../shared/api/auth';
import type { Household } from '../../../shared/api/household';
import type { OrderSummary } from '../../../shared/api/orders';
import { Icon, icons } from '../../components/icons';
import { Alert, Spinner } from '../../components/plain-controls';
import { useDataForSession, type Loaded } from '../../lib/route-data';
import { useSession } from '../../lib/session';
import { ShippingAddressCard } from '../../components/shipping-address-card';
import { NeedsAttention } from './needs-attention';
import { HouseholdAddressing } from './household-addressing';
import '../../styles/account-screens.css';
import './my-account.css';

const SHORTCUTS = [
  {
    title: 'Add a delivery',
    text: 'Book and pay for the delivery of your parcels.',
    to: '/order/',
  },
  {
    title: 'Order History',
    text: 'Follow your deliveries, pay invoices.',
    to: '/dashboard/orders/',
  },
  {
    title: 'Address Book',
    text: 'Your delivery and billing addresses.',
    to: '/dashboard/addresses/',
  },
  { title: 'Profile', text: 'Your name, email, telephone and island.', to: '/dashboard/profile/' },
] as const;

/** What the e-mail's "Send a new link" answers (the route's clientAction, routes/dashboard-home.tsx). */
export type ResendResult = { sent: true } | { sent: false; message: string };

/**
 * My Account (/dashboard/): greeting, what needs the customer now (quotes to answer, invoices to
 * pay, parcels at the depot), the shipping address (and how the household may use it), the
 * e-mail status, shortcuts.
 */
export function MyAccount({
  token,
  summary,
  household,
}: {
  /** The session the summary and the household are read for (lib/route-data.ts). */
  token: string | null;
  summary: Promise<Loaded<OrderSummary>>;
  household: Promise<Loaded<Household>>;
}) {
  const { user, token: current } = useSession();
  useDataForSession(token);
  if (!user) return null;
  return (
    <div className="screen screen--roomy">
      <div>
        <h1>Hello, {user.FirstName || user.FullName}</h1>
        <p className="screen__muted">
          Welcome to your account. Send your parcels to the address below and we will bring them
          over to the islands.
        </p>
      </div>
      <NeedsAttention summary={current === token ? summary : null} />
      <div className="my-account__address">
        <ShippingAddressCard user={user} />
        {current === token && <HouseholdAddressing household={household} />}
      </div>
      <EmailStatus user={user} />
      <ul className="screen__grid screen__grid--sm">
        {SHORTCUTS.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="card my-account__shortcut">
              <h2>{s.title}</h2>
              <span className="screen__muted screen__small">{s.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmailStatus({ user }: { user: UserData }) {
  const resend = useFetcher<ResendResult>();
  const sent = resend.data?.sent === true;
  if (user.EmailValidated) {
    return (
      <p className="my-account__email-ok" data-testid="email-status">
        <Icon path={icons.done} size={20} />
        <span>
          Your email address <strong>{user.Email}</strong> is confirmed.
        </span>
      </p>
    );
  }
  const sending = resend.state !== 'idle';
  return (
    <Alert
      severity="warning"
      data-testid="email-status"
      className="my-account__email"
      action={
        !sent && (
          <resend.Form method="post">
            <button type="submit" className="button" disabled={sending} aria-disabled={sending}>
              {sending && <Spinner />}
              Send a new link
            </button>
          </resend.Form>
        )
      }
    >
      {sent ? (
        <>
          We have sent a new confirmation link to <strong>{user.Email}</strong>. Please check your
          email.
        </>
      ) : (
        <>
          Please confirm your email address <strong>{user.Email}</strong> with the link we emailed
          you.
        </>
      )}
      {resend.data?.sent === false && (
        <span className="my-account__email-error">{resend.data.message}</span>
      )}
    </Alert>
  );
}
