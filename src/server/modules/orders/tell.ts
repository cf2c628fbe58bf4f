import type { Tx } from '../../db/client';
import { queueMail, type MailMessage } from '../../lib/mail';
import { recipient } from '../../lib/recipient';
import type { Site } from '../../config';
import { withTrackUrl } from '../../lib/tracking-codes';

type To = { email: string; firstName: string };

/**
 * Queues a message about an order to the customer, when their account still has an address; the
 * order is given to `build` with its tracking link, which every order e-mail carries.
 */
export async function tell<O extends { id: number }>(
  tx: Tx,
  site: Site,
  customerId: number,
  order: O,
  build: (to: To, order: O & { trackUrl: string }) => MailMessage,
) {
  const to = await recipient(tx, customerId);
  if (to) await queueMail(tx, build(to, await withTrackUrl(tx, site, order)));
}
