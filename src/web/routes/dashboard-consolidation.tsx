import type { Route } from './+types/dashboard-consolidation';
import { pageTitle } from '../lib/site';
import { failureOf, readForSession } from '../lib/route-data';
import {
  cancelConsolidation,
  estimateConsolidation,
  getConsolidation,
  leaveOutOfConsolidation,
  requestConsolidation,
} from '../features/consolidation/api/consolidation';
import {
  ConsolidationPage,
  type ConsolidationAnswer,
  type ConsolidationSubmission,
} from '../features/consolidation/consolidation-page';

/** The customer's consolidations (GET /public/consolidation, decision 0041). */
export async function clientLoader() {
  return { overview: await readForSession(getConsolidation) };
}

/** Estimate, ask, cancel or leave a late booking out; the loader reads the page again after. */
export async function clientAction({
  request,
}: Route.ClientActionArgs): Promise<ConsolidationAnswer> {
  const submission = (await request.json()) as ConsolidationSubmission;
  try {
    switch (submission.intent) {
      case 'estimate':
        return {
          intent: 'estimate',
          failure: null,
          estimate: await estimateConsolidation(submission.OrderIds),
        };
      case 'request':
        await requestConsolidation(submission.OrderIds);
        break;
      case 'cancel':
        await cancelConsolidation(submission.Id);
        break;
      case 'leave-out':
        await leaveOutOfConsolidation(submission.Id, submission.OrderId);
        break;
    }
    return { intent: submission.intent, failure: null, estimate: null };
  } catch (error) {
    return { intent: submission.intent, failure: failureOf(error), estimate: null };
  }
}

export const meta = () => [
  { title: pageTitle('Ship together') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardConsolidation({ loaderData }: Route.ComponentProps) {
  return <ConsolidationPage overview={loaderData.overview} />;
}
