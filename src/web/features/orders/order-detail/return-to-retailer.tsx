import { useState } from 'react';
import type { OrderDetail } from '../../../../shared/api/order-detail';
import { formatDisplayDate } from '../../../../shared/dates';
import { formatPounds } from '../../../../shared/money';
import { RETURN_LIMITS, RETURN_WAY_RULES, returnLabelRules } from '../../../../shared/returns';
import {
  Alert,
  BusyButton,
  Choice,
  ChoiceGroup,
  FieldError,
} from '../../../components/plain-controls';
import { PlainDialog } from '../../../components/plain-dialog';
import { FormField } from '../../../components/form-fields';
import { downloadReturnLabel } from './api/ask-return';
import { plainWords } from '../../../lib/plain-words';
import { useForm } from '../../../lib/use-form';
import { saidOf, useDialogAction } from './dialog-action';
import '../../../styles/account-screens.css';

const LABEL_TYPES = 'application/pdf,image/jpeg,image/png,image/webp';

/** How the parcel goes back, the retailer's label when it is uploaded, and why. */
const ASK: { how: string; Label: File | ''; Reason: string } = { how: '', Label: '', Reason: '' };
const askRules = ({ how }: typeof ASK) => ({ how: RETURN_WAY_RULES, Label: returnLabelRules(how) });

/**
 * Return to the retailer (decision 0039): while the parcel is at our depot and has not sailed, the
 * customer asks for it to go back, with the retailer's label (PDF or image) or one we buy at the
 * catalogue's price; once asked, where the return stands, the label, the invoice and the refund.
 * Asking and withdrawing are the route's action (./actions.ts, intents `return` and
 * `withdraw-return`); the page's data is read again after either.
 */
export function ReturnToRetailer({ detail }: { detail: OrderDetail }) {
  const [asking, setAsking] = useState(false);
  const [opening, setOpening] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  // Here, not in the withdraw dialog: the return's part it is in goes once it is withdrawn.
  const withdrawal = useDialogAction('withdraw-return', { open: false, onDone: setNotice });
  const { Return } = detail;
  if (!Return && !detail.CanAskReturn) return null;
  const done = (said: string) => {
    setAsking(false);
    setNotice(said);
  };
  return (
    <section className="card order-section" aria-labelledby="return-heading" data-testid="return">
      <h2 id="return-heading">Return to the retailer</h2>
      <Alert severity="success">{notice}</Alert>
      {Return ? (
        <ReturnFacts detail={detail} withdrawal={withdrawal} />
      ) : (
        <div className="screen">
          <p>
            Wrong item, or changed your mind? Before it sails we can send the parcel back to the
            retailer from our depot, and refund what you paid for the crossing.
          </p>
          <div>
            <button
              type="button"
              className="button button--outlined"
              onClick={() => {
                setOpening((n) => n + 1);
                setAsking(true);
              }}
            >
              Return to the retailer
            </button>
          </div>
        </div>
      )}
      <PlainDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Return to the retailer"
        width={520}
      >
        <AskForm
          key={opening}
          open={asking}
          labelPrice={detail.ReturnLabelPrice}
          onCancel={() => setAsking(false)}
          onAsked={done}
        />
      </PlainDialog>
    </section>
  );
}

const STATE_WORDS = {
  'awaiting-label': 'We are getting the return label',
  'label-ready': 'Waiting to be sent back',
  returned: 'Sent back to the retailer',
} as const;

type Withdrawal = ReturnType<typeof useDialogAction<'withdraw-return'>>;

function ReturnFacts({ detail, withdrawal }: { detail: OrderDetail; withdrawal: Withdrawal }) {
  const r = detail.Return!;
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setFailed(false);
    try {
      const blob = await downloadReturnLabel(r.Label!.Url);
      const url = URL.createObjectURL(blob);
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="screen">
      <p>
        <span className="chip chip--progress" data-testid="return-state">
          {STATE_WORDS[r.State]}
        </span>
      </p>
      <p className="screen__small screen__muted">
        Asked on {formatDisplayDate(new Date(r.Asked))}
        {r.Bought ? ', with a label we buy for you' : ', with the retailer’s label'}
        {r.Reason && `: “${r.Reason}”`}
      </p>
      {r.Invoice && r.Invoice.Status === 'unpaid' && (
        <Alert severity="warning" title="The return label is to pay">
          {formatPounds(r.Invoice.Amount)} (invoice {r.Invoice.Reference}). We send the parcel back
          once it is paid: see Payments and invoices.
        </Alert>
      )}
      {r.Label && (
        <p>
          <button type="button" className="button button--small" onClick={open}>
            See the label ({r.Label.FileName})
          </button>
        </p>
      )}
      <Alert severity="error">
        {failed ? 'The label could not be opened. Please try again.' : null}
      </Alert>
      {r.State === 'returned' ? (
        <p data-testid="return-sent">
          Sent back with {r.Carrier}, tracking number{' '}
          <span className="screen__wrap">{r.TrackingNumber}</span>.{' '}
          {r.Refund !== null && r.Refund > 0
            ? `${formatPounds(r.Refund)} for the unused crossing is refunded to your card.`
            : ''}
        </p>
      ) : (
        <p className="screen__small">
          What you paid for the crossing is refunded to your card once the parcel is on its way
          back.
        </p>
      )}
      {r.CanWithdraw && <WithdrawReturn bought={r.Bought} withdrawal={withdrawal} />}
    </div>
  );
}

/** Changed their mind: the parcel goes to the island after all (before staff act on it). */
function WithdrawReturn({ bought, withdrawal }: { bought: boolean; withdrawal: Withdrawal }) {
  const [open, setOpen] = useState(false);
  const { fetcher, failure, sending } = withdrawal;
  const confirm = () => void fetcher.submit({ intent: 'withdraw-return' }, { method: 'post' });
  return (
    <div>
      <button type="button" className="button button--outlined" onClick={() => setOpen(true)}>
        Withdraw the return
      </button>
      <PlainDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Withdraw the return?"
        width={480}
      >
        <div className="screen">
          <p>
            The parcel will go to the island as booked instead of back to the retailer.
            {bought &&
              ' We have not bought the return label yet: its invoice is cancelled, or refunded to your card if you paid it.'}
          </p>
          <Alert severity="error">{failure?.message}</Alert>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Keep the return
            </button>
            <BusyButton className="button--contained" busy={sending} onClick={confirm}>
              Withdraw the return
            </BusyButton>
          </div>
        </div>
      </PlainDialog>
    </div>
  );
}

function AskForm({
  open,
  labelPrice,
  onCancel,
  onAsked,
}: {
  open: boolean;
  labelPrice: number;
  onCancel(): void;
  onAsked(notice: string): void;
}) {
  const { fetcher, failure, sending } = useDialogAction('return', { open, onDone: onAsked });
  const form = useForm(ASK, askRules, { serverErrors: failure?.errors });
  const { how } = form.values;
  const choose = (way: string) => {
    form.setValue('how', way);
    form.patch({ Label: '' });
  };
  const send = form.handleSubmit(({ Label, ...values }) => {
    const body = new FormData();
    for (const [name, value] of Object.entries({ intent: 'return', ...values })) {
      body.set(name, value);
    }
    if (Label) body.set('Label', Label);
    void fetcher.submit(body, { method: 'post', encType: 'multipart/form-data' });
  });
  const wayError = form.errorOf('how');
  const labelError = form.errorOf('Label') ?? form.serverError('Label');
  const fileError = labelError && plainWords('The label', labelError);

  return (
    <form noValidate onSubmit={send} className="screen">
      <Alert severity="error">{failure?.message}</Alert>
      <p>
        The parcel stays at our depot and does not sail. Once it is on its way back, we refund what
        you paid for the crossing.
      </p>
      <ChoiceGroup legend="How does it go back?" id="return-how" error={wayError}>
        <Choice
          type="radio"
          name="how"
          value="upload"
          checked={how === 'upload'}
          onChange={() => choose('upload')}
          label="I have the retailer’s return label"
          description="Upload it as a PDF or a photo (JPEG, PNG or WebP), at most 2 MB."
          invalid={Boolean(wayError)}
          aria-describedby={wayError ? 'return-how-error' : undefined}
        />
        <Choice
          type="radio"
          name="how"
          value="buy"
          checked={how === 'buy'}
          onChange={() => choose('buy')}
          label={`Buy a return label from us (${formatPounds(labelPrice)})`}
          description="We invoice the label; the parcel goes back once it is paid."
        />
      </ChoiceGroup>
      {how === 'upload' && (
        <div className="field">
          <label htmlFor="return-label-file" className="screen__small">
            Label file
          </label>
          <input
            id="return-label-file"
            name="Label"
            type="file"
            accept={LABEL_TYPES}
            onChange={(e) => form.setValue('Label', e.target.files?.[0] ?? '')}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'return-label-file-error' : undefined}
          />
          <FieldError id="return-label-file-error" message={fileError} />
        </div>
      )}
      <FormField
        {...saidOf('Your reason', form.text('Reason'))}
        id="return-reason"
        label="Why (optional)"
        multiline
        minRows={2}
        maxLength={RETURN_LIMITS.reason}
      />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <BusyButton type="submit" className="button--contained" busy={sending}>
          Ask for the return
        </BusyButton>
      </div>
    </form>
  );
}
