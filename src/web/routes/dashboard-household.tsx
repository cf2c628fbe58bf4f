import type { Route } from './+types/dashboard-household';
import { pageTitle } from '../lib/site';
import { failureOf, readForSession } from '../lib/route-data';
import {
  addHouseholdMember,
  getHousehold,
  removeHouseholdMember,
} from '../features/household/api/household';
import {
  HouseholdPage,
  type HouseholdAnswer,
  type HouseholdSubmission,
} from '../features/household/household-page';

/** The customer's household (GET /public/household). */
export async function clientLoader() {
  return { household: await readForSession(getHousehold) };
}

/** Add a person or remove one; the loader reads the household again after either. */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<HouseholdAnswer> {
  const submission = (await request.json()) as HouseholdSubmission;
  try {
    if (submission.intent === 'add') {
      await addHouseholdMember({ FirstName: submission.FirstName, LastName: submission.LastName });
    } else {
      await removeHouseholdMember(submission.Id);
    }
    return { intent: submission.intent, failure: null };
  } catch (error) {
    return { intent: submission.intent, failure: failureOf(error) };
  }
}

export const meta = () => [
  { title: pageTitle('Household') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardHousehold({ loaderData }: Route.ComponentProps) {
  return <HouseholdPage household={loaderData.household} />;
}
