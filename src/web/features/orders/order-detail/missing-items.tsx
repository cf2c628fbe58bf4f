import { useState } from 'react';
import { MISSING_DESCRIPTION_MAX, type OrderCase } from '../../../../shared/api/cases';
import { Alert, Spinner } from '../../../components/plain-controls';
import { PlainDialog } from '../../../components/plain-dialog';
import { FormField } from '../../../components/form-fields';
import { useDialogAction } from './dialog-action';
import { formatWhen } from '../../../components/order-timeline';
import '../../../styles/account-screens.css';
import './missing-items.css';

const DESCRIPTION_ID = 'missing-description';

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

/** What is missing: checked by the shared request rule in the action, then by the server. */
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
  const [description, setDescription] = useState('');

  return (
    <report.Form method="post" noValidate className="screen">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="openCase" value={openCase?.Id ?? ''} />
      <Alert severity="error">{failure?.message}</Alert>
      <p>
        {openCase
          ? `Your message is added to case ${openCase.Reference}, which we are looking into.`
          : 'Tell us what you ordered that was not in the parcel. We will open a case and reply by email.'}
      </p>
      <FormField
        id={DESCRIPTION_ID}
        name="description"
        label="What is missing?"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={4}
        required
        maxLength={MISSING_DESCRIPTION_MAX}
        error={Boolean(failure?.fieldError)}
        helperText={failure?.fieldError}
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
    </report.Form>
  );
}
