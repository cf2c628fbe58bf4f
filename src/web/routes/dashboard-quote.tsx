import type { Route } from './+types/dashboard-quote';
import { pageTitle } from '../lib/site';
import { requireDigits } from '../lib/route-params';
import { failureOf, readForSession } from '../lib/route-data';
import { saveAddress, type AddressAnswer, type AddressSubmission } from '../lib/save-address';
import { readChoosers } from '../lib/chooser-lists';
import { getExtras } from '../lib/api/get-extras';
import { paymentStarted } from '../lib/use-leave-for-payment';
import { acceptQuote, declineQuote } from '../features/quotes/api/answer-quote';
import { getQuote } from '../features/quotes/api/get-quote';
import type { QuoteAnswer, QuoteSubmission } from '../features/quotes/quote-answer';
import { QuotePage } from '../features/quotes/quote-page';

/**
 * /dashboard/quote/{id} (docs/requirements.md §2): accept or decline a quote; the id is digits. The
 * quote and the extras are read together (the extras only matter while it may be accepted; a
 * failure to read them leaves the quote acceptable without extras). The address choosers' lists
 * are read meanwhile, and shown when they come.
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const choosers = readChoosers(request);
  const id = Number(requireDigits(params.id));
  const quote = await readForSession(async () => {
    const [quote, extras] = await Promise.all([
      getQuote(id),
      getExtras().then(
        (list) => list.items,
        () => null,
      ),
    ]);
    return { quote, extras };
  });
  return { id, quote, choosers };
}

/**
 * Accept (with the extras and addresses chosen), Decline, or save an address from a chooser's
 * dialog; the quote is read again after.
 */
export async function clientAction({
  params,
  request,
}: Route.ClientActionArgs): Promise<QuoteAnswer | AddressAnswer> {
  const id = Number(requireDigits(params.id));
  const submission = (await request.json()) as QuoteSubmission | AddressSubmission;
  if (submission.intent === 'save-address') return saveAddress(submission);
  if (submission.intent === 'decline') {
    try {
      await declineQuote(id);
      return { intent: 'decline', failure: null };
    } catch (error) {
      return { intent: 'decline', failure: failureOf(error) };
    }
  }
  let started;
  try {
    started = await acceptQuote(id, submission.body);
  } catch (error) {
    return { intent: 'accept', failure: failureOf(error) };
  }
  return { intent: 'accept', ...paymentStarted(started) };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your quote') },
  { name: 'robots', content: 'noindex' },
];

export default function DashboardQuote({ loaderData }: Route.ComponentProps) {
  return <QuotePage key={loaderData.id} loaded={loaderData.quote} choosers={loaderData.choosers} />;
}
