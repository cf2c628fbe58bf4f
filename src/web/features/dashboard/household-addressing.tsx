import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import type { Household } from '../../../shared/api/household';
import type { Loaded } from '../../lib/route-data';
import '../../styles/household.css';

/**
 * Under the shipping address card on My Account (decision 0037): how each person of the household
 * may address a parcel to the depot (their name, then the customer reference, as the card's lines
 * go), with the way to the Household page. Shown when the route's loader answers; nothing while
 * it reads or when it could not (the card above stays the customer's own).
 */
export function HouseholdAddressing({ household }: { household: Promise<Loaded<Household>> }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={household}>
        {({ data }: Loaded<Household>) => data && <Addressing household={data} />}
      </Await>
    </Suspense>
  );
}

function Addressing({ household }: { household: Household }) {
  const { Members, Reference } = household;
  if (Members.length === 0) {
    return (
      <p className="household-addressing__none screen__small" data-testid="household-addressing">
        Someone else at home shopping too?{' '}
        <Link to="/dashboard/household/">Name your household</Link> and their parcels sent to this
        address in their own name come to your account.
      </p>
    );
  }
  return (
    <section
      className="household-addressing"
      aria-labelledby="household-addressing"
      data-testid="household-addressing"
    >
      <h2 id="household-addressing" className="household-addressing__title">
        Your household may use this address too
      </h2>
      <ul>
        {Members.map((m) => (
          <li key={m.Id}>
            <strong>{m.FullName}</strong>, Ref {Reference}
          </li>
        ))}
      </ul>
      <Link to="/dashboard/household/" className="screen__small">
        Manage your household
      </Link>
    </section>
  );
}
