import { describe, expect, test } from 'vitest';
import {
  disputeDecidedEmail,
  disputeOpenedEmail,
  disputeOverdueEmail,
  disputeRemeasuredEmail,
} from '../../../src/server/modules/cases/emails';
import type { Site } from '../../../src/server/config';

// Every message about a dispute of a re-measure names its case in the subject, links
// the order's page in My Account, where the case and its photos are, and asks the customer to
// quote the case.

const site: Site = { publicUrl: 'https://ferrybox.test', brand: 'Ferrybox' };
const to = { email: 'ann@example.com', firstName: 'Ann' };
const order = { id: 42, reference: 'ORD-000042', trackUrl: 'https://ferrybox.test/track/abc' };
const facts = {
  caseReference: 'CASE-000007',
  invoiceReference: 'INV-000003',
  message: 'The box was measured with its lid open.',
  measured: '40 × 30 × 20 cm, 2.3 kg',
  outcome: 'We reduced the invoice to £2.00.',
};

describe.each([
  [
    'dispute-opened',
    disputeOpenedEmail(site, to, order, facts),
    'we have your dispute of INV-000003',
  ],
  [
    'dispute-remeasured',
    disputeRemeasuredEmail(site, to, order, facts),
    'we measured your parcel again',
  ],
  [
    'dispute-decided',
    disputeDecidedEmail(site, to, order, facts),
    'our decision on invoice INV-000003',
  ],
  [
    'dispute-overdue',
    disputeOverdueEmail(site, to, order, facts),
    'we are late deciding your dispute of INV-000003',
  ],
])('%s', (kind, mail, subject) => {
  test('names the case, links the order and asks to quote the case', () => {
    expect(mail).toMatchObject({ kind, to: 'ann@example.com', subject: `CASE-000007: ${subject}` });
    expect(mail.html).toContain('href="https://ferrybox.test/dashboard/orders/42/"');
    expect(mail.text).toContain('https://ferrybox.test/dashboard/orders/42/');
    expect(mail.text).toContain('Please quote CASE-000007 if you contact us.');
  });
});
