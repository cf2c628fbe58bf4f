import { useState } from 'react';
import type { OrderCase } from '../../../../shared/api/cases';
import type { OrderDetail } from '../../../../shared/api/order-detail';
import { formatDisplayDate } from '../../../../shared/dates';
import {
  DISPUTE_MESSAGE_MAX,
  DISPUTE_MESSAGE_RULES,
  outcomeText,
} from '../../../../shared/disputes';
import { formatPounds, toPence } from '../../../../shared/money';
import { Alert, Spinner } from '../../../components/plain-controls';
import { PlainDialog } from '../../../components/plain-dialog';
import { FormField } from '../../../components/form-fields';
import { useForm } from '../../../lib/use-form';
import { saidOf, useDialogAction } from './dialog-action';
import { CaseCard } from './missing-items';
import '../../../styles/account-screens.css';

const MESSAGE_ID = 'dispute-message';
const RULES = { Message: DISPUTE_MESSAGE_RULES };

type Invoice = OrderDetail['Invoices'][number];

/**
 * Disputing an excess-carriage invoice (decision 0038): under the invoice, until when it may be
 * disputed and the button; the dispute's case with its messages and the decision. The dispute is
 * the route's action (./actions.ts, intent `dispute`); the page's data is read again after it.
 */
export function DisputeInvoice({ invoice }: { invoice: Invoice }) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  // Mounted while the dialog is open: the page is read again (no longer disputable) before it closes.
  if (!invoice.DisputeUntil && !notice && !open) return null;
  return (
    <div className="screen">
      <Alert severity="success">{notice}</Alert>
      {invoice.DisputeUntil && (
        <div>
          <p className="screen__muted screen__small">
            Measured bigger than you expected? You can dispute this invoice until{' '}
            {formatDisplayDate(new Date(invoice.DisputeUntil))}.
          </p>
          <button
            type="button"
            className="button button--outlined button--small"
            onClick={() => {
              setNotice(null);
              setOpening((n) => n + 1);
              setOpen(true);
            }}
          >
            Dispute this invoice
          </button>
        </div>
      )}
      <PlainDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Dispute invoice ${invoice.Reference}`}
        width={500}
      >
        <DisputeForm
          key={opening}
          open={open}
          invoice={invoice}
          onCancel={() => setOpen(false)}
          onSent={(message) => {
            setOpen(false);
            setNotice(message);
          }}
        />
      </PlainDialog>
    </div>
  );
}

/** The order's disputes: each case, with the decision once made. */
export function Disputes({ cases, invoices }: { cases: OrderCase[]; invoices: Invoice[] }) {
  if (cases.length === 0) return null;
  return (
    <section className="screen" aria-labelledby="disputes-heading">
      <h2 id="disputes-heading" className="screen__h2">
        Disputed invoices
      </h2>
      {cases.map((c) => {
        const dispute = c.Dispute;
        const invoice = invoices.find((i) => i.Id === dispute?.InvoiceId);
        return (
          <div key={c.Id} className="screen" data-testid="dispute">
            <p>
              Invoice {dispute?.InvoiceReference}
              {invoice && `, ${formatPounds(invoice.Amount)}`}:{' '}
              <strong data-testid="dispute-outcome">
                {dispute?.Outcome
                  ? outcomeText(dispute.Outcome, toPence(dispute.Amount ?? 0), 0)
                  : 'we are looking at it. Your parcel is held and we will not ask for payment until we decide.'}
              </strong>
            </p>
            {dispute?.DecideBy && (
              <p className="screen__small" data-testid="dispute-decide-by">
                We aim to decide by {formatDisplayDate(new Date(dispute.DecideBy))}.
              </p>
            )}
            {dispute?.Remeasured && (
              <p className="screen__muted screen__small">
                Measured again: {dispute.Remeasured.Length / 10} × {dispute.Remeasured.Width / 10} ×{' '}
                {dispute.Remeasured.Height / 10} cm, {dispute.Remeasured.Weight / 1000} kg.
              </p>
            )}
            <CaseCard orderCase={c} />
          </div>
        );
      })}
    </section>
  );
}

function DisputeForm({
  open,
  invoice,
  onCancel,
  onSent,
}: {
  open: boolean;
  invoice: Invoice;
  onCancel(): void;
  onSent(notice: string): void;
}) {
  const { fetcher, failure, sending } = useDialogAction('dispute', {
    open,
    fieldId: MESSAGE_ID,
    onDone: onSent,
  });
  const form = useForm({ Message: '' }, () => RULES, { serverErrors: failure?.errors });
  const send = form.handleSubmit(
    (values) =>
      void fetcher.submit(
        { intent: 'dispute', invoice: invoice.Id, ...values },
        { method: 'post' },
      ),
  );

  return (
    <form noValidate onSubmit={send} className="screen">
      <Alert severity="error">{failure?.message}</Alert>
      <p>
        Tell us why you think the measure is wrong. We will look at the arrival photos, measure the
        parcel again and reply by email. Until we decide, your parcel stays at our depot and we will
        not ask you to pay {formatPounds(invoice.Amount)}.
      </p>
      <FormField
        {...saidOf('Your message', form.text('Message'))}
        id={MESSAGE_ID}
        label="Why do you dispute it?"
        multiline
        minRows={4}
        required
        maxLength={DISPUTE_MESSAGE_MAX}
      />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--contained" disabled={sending}>
          {sending && <Spinner />}
          Send dispute
        </button>
      </div>
    </form>
  );
}
