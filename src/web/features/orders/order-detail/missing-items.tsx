import { useState } from 'react';
import type { OrderCase } from '../../../../shared/api/cases';
import {
  MISSING_DESCRIPTION_MAX,
  MISSING_DESCRIPTION_RULES,
} from '../../../../shared/missing-items';
import { Alert, Spinner } from '../../../components/plain-controls';
import { PlainDialog } from '../../../components/plain-dialog';
import { FormField } from '../../../components/form-fields';
import { useForm } from '../../../lib/use-form';
import { saidOf, useDialogAction } from './dialog-action';
import { formatWhen } from '../../../components/order-timeline';
import '../../../styles/account-screens.css';
import './missing-items.css';

const DESCRIPTION_ID = 'missing-description';
const RULES = { Description: MISSING_DESCRIPTION_RULES };

/**
 * The order's missing-items cases with their status and messages, and Report missing items
 * (only when the order allows it: the server says so, from the shared lifecycle rule). The report
 * is the route's action (./actions.ts); the page's data is read again after it.
 */
export function MissingItems({ cases, canReport }: { cases: OrderCase[]; canReport: boolean }) {
  const [reporting, setReporting] = useState(false);
  /** Each opening of the dialog is a new form, with no answer of the last one left in it. */
  const [opening, setOpening] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const open = cases.find((c) => c.Status !== 'Resolved');
  return (
    <section className="screen" aria-labelledby="missing-items-heading">
      <h2 id="missing-items-heading" className="screen__h2">
        Missing items
      </h2>
      <Alert severity="success">{notice}</Alert>
      {cases.map((c) => (
        <CaseCard key={c.Id} orderCase={c} />
      ))}
      {canReport && (
        <div className="screen screen--start">
          <p className="screen__muted">
            {open
              ? `Something else missing? We will add it to case ${open.Reference}.`
              : 'Is something missing from your parcel? Tell us and we will look into it.'}
          </p>
          <button
            type="button"
            className="button button--outlined"
            onClick={() => {
              setNotice(null);
              setOpening((n) => n + 1);
              setReporting(true);
            }}
          >
            Report missing items
          </button>
        </div>
      )}
      <PlainDialog
        open={reporting}
        onClose={() => setReporting(false)}
        title="Report missing items"
        width={500}
      >
        <ReportForm
          key={opening}
          open={reporting}
          openCase={open}
          onCancel={() => setReporting(false)}
          onReported={(message) => {
            setReporting(false);
            setNotice(message);
          }}
        />
      </PlainDialog>
    </section>
  );
}

/** Open waits for the office (filled), Answered for the customer, Resolved is done. */
const CASE_CHIPS = { Open: 'primary', Answered: 'primary-outlined', Resolved: 'closed' } as const;

export function CaseCard({ orderCase }: { orderCase: OrderCase }) {
  return (
    <div className="card" data-testid="order-case">
      <div className="case__head">
        <h3>Case {orderCase.Reference}</h3>
        <span className={`chip chip--${CASE_CHIPS[orderCase.Status]}`} data-testid="case-status">
          {orderCase.Status}
        </span>
      </div>
      <ol className="case__messages">
        {orderCase.Messages.map((m, i) => (
          <li key={i} className={m.From === 'customer' ? undefined : 'case__message--staff'}>
            <p className="screen__muted screen__small">
              {m.From === 'customer' ? 'You' : 'Ferrybox'},{' '}
              <time dateTime={m.At}>{formatWhen(m.At)}</time>
            </p>
            <p className="case__body">{m.Body}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** What is missing: checked by the shared rules before it is sent, then by the server. */
function ReportForm({
  open,
  openCase,
  onCancel,
  onReported,
}: {
  open: boolean;
  openCase: OrderCase | undefined;
  onCancel(): void;
  onReported(notice: string): void;
}) {
  const {
    fetcher: report,
    failure,
    sending,
  } = useDialogAction('report', {
    open,
    fieldId: DESCRIPTION_ID,
    onDone: onReported,
  });
  const form = useForm({ Description: '' }, () => RULES, { serverErrors: failure?.errors });
  const send = form.handleSubmit(
    (values) =>
      void report.submit(
        { intent: 'report', openCase: openCase?.Id ?? '', ...values },
        { method: 'post' },
      ),
  );

  return (
    <form noValidate onSubmit={send} className="screen">
      <Alert severity="error">{failure?.message}</Alert>
      <p>
        {openCase
          ? `Your message is added to case ${openCase.Reference}, which we are looking into.`
          : 'Tell us what you ordered that was not in the parcel. We will open a case and reply by email.'}
      </p>
      <FormField
        {...saidOf('Your description', form.text('Description'))}
        id={DESCRIPTION_ID}
        label="What is missing?"
        multiline
        minRows={4}
        required
        maxLength={MISSING_DESCRIPTION_MAX}
      />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--contained" disabled={sending}>
          {sending && <Spinner />}
          Send report
        </button>
      </div>
    </form>
  );
}
