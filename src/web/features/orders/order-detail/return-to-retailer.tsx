import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { OrderDetail } from '../../../../shared/api/order-detail';
import { formatDisplayDate } from '../../../../shared/dates';
import { formatPounds } from '../../../../shared/money';
import { RETURN_LIMITS, RETURN_MESSAGES } from '../../../../shared/returns';
import {
  Alert,
  BusyButton,
  Choice,
  ChoiceGroup,
  FieldError,
} from '../../../components/plain-controls';
import { PlainDialog } from '../../../components/plain-dialog';
import { ApiError } from '../../../lib/api-client';
import { FormField } from '../../booking/booking-fields';
import { askReturn, downloadReturnLabel, withdrawReturn } from './api/ask-return';
import '../../dashboard/dashboard.css';

const ASK_FAILED = 'Your return could not be asked just now. Please try again.';
const WITHDRAW_FAILED = 'Your return could not be withdrawn just now. Please try again.';
const LABEL_TYPES = 'application/pdf,image/jpeg,image/png,image/webp';

/** The file as base64, without its data-URL prefix. */
const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * Return to the retailer (issue 28): while the parcel is at our depot and has not sailed, the
 * customer asks for it to go back, with the retailer's label (PDF or image) or one we buy at the
 * catalogue's price; once asked, where the return stands, the label, the invoice and the refund.
 */
export function ReturnToRetailer({ detail }: { detail: OrderDetail }) {
  const [asking, setAsking] = useState(false);
  const [opening, setOpening] = useState(0);
  const { Return } = detail;
  if (!Return && !detail.CanAskReturn) return null;
  return (
    <section className="card order-section" aria-labelledby="return-heading" data-testid="return">
      <h2 id="return-heading">Return to the retailer</h2>
      {Return ? (
        <ReturnFacts detail={detail} />
      ) : (
        <div className="dashboard-stack">
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
          orderId={detail.Order.Id}
          labelPrice={detail.ReturnLabelPrice}
          onCancel={() => setAsking(false)}
          onAsked={() => setAsking(false)}
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

function ReturnFacts({ detail }: { detail: OrderDetail }) {
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
    <div className="dashboard-stack">
      <p>
        <span className="chip chip--progress" data-testid="return-state">
          {STATE_WORDS[r.State]}
        </span>
      </p>
      <p className="dashboard-small dashboard-muted">
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
          <span className="dashboard-wrap">{r.TrackingNumber}</span>.{' '}
          {r.Refund !== null && r.Refund > 0
            ? `${formatPounds(r.Refund)} for the unused crossing is refunded to your card.`
            : ''}
        </p>
      ) : (
        <p className="dashboard-small">
          What you paid for the crossing is refunded to your card once the parcel is on its way
          back.
        </p>
      )}
      {r.CanWithdraw && <WithdrawReturn orderId={detail.Order.Id} bought={r.Bought} />}
    </div>
  );
}

/** Changed their mind: the parcel goes to the island after all (before staff act on it). */
function WithdrawReturn({ orderId, bought }: { orderId: number; bought: boolean }) {
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const confirm = async () => {
    setBusy(true);
    setFailure('');
    try {
      await withdrawReturn(orderId);
      await revalidator.revalidate();
      setOpen(false);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 409
          ? (error.body?.message ?? WITHDRAW_FAILED)
          : WITHDRAW_FAILED,
      );
    } finally {
      setBusy(false);
    }
  };
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
        <div className="dashboard-stack">
          <p>
            The parcel will go to the island as booked instead of back to the retailer.
            {bought &&
              ' We have not bought the return label yet: its invoice is cancelled, or refunded to your card if you paid it.'}
          </p>
          {failure && <Alert severity="error">{failure}</Alert>}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Keep the return
            </button>
            <BusyButton className="button--contained" busy={busy} onClick={() => void confirm()}>
              Withdraw the return
            </BusyButton>
          </div>
        </div>
      </PlainDialog>
    </div>
  );
}

function AskForm({
  orderId,
  labelPrice,
  onCancel,
  onAsked,
}: {
  orderId: number;
  labelPrice: number;
  onCancel(): void;
  onAsked(): void;
}) {
  const revalidator = useRevalidator();
  const [how, setHow] = useState<'upload' | 'buy' | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{
    how?: string;
    file?: string;
    reason?: string;
    form?: string;
  }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!how) return setErrors({ how: 'Choose how the parcel goes back.' });
    if (how === 'upload' && !file) return setErrors({ file: 'Choose the label file.' });
    if (file && how === 'upload' && file.size > RETURN_LIMITS.labelBytes) {
      return setErrors({ file: `The label ${RETURN_MESSAGES.labelTooLarge}.` });
    }
    setErrors({});
    setBusy(true);
    try {
      await askReturn(
        orderId,
        how === 'upload'
          ? {
              Reason: reason,
              Label: { FileName: file!.name.slice(0, 120), Data: await readBase64(file!) },
            }
          : { Reason: reason, BuyLabel: true },
      );
      await revalidator.revalidate();
      onAsked();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body?.errors ?? []) : [];
      const fileError = fields.find((e) => e.field.startsWith('Label'))?.error;
      const reasonError = fields.find((e) => e.field === 'Reason')?.error;
      setErrors(
        fileError || reasonError
          ? {
              file: fileError && `The label ${fileError}.`,
              reason: reasonError && `Your reason ${reasonError}.`,
            }
          : {
              form:
                error instanceof ApiError && error.status < 500 && error.status !== 401
                  ? error.message
                  : ASK_FAILED,
            },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="dashboard-stack">
      <Alert severity="error">{errors.form}</Alert>
      <p>
        The parcel stays at our depot and does not sail. Once it is on its way back, we refund what
        you paid for the crossing.
      </p>
      <ChoiceGroup legend="How does it go back?" id="return-how" error={errors.how}>
        <Choice
          type="radio"
          name="how"
          value="upload"
          checked={how === 'upload'}
          onChange={() => setHow('upload')}
          label="I have the retailer’s return label"
          description="Upload it as a PDF or a photo (JPEG, PNG or WebP), at most 2 MB."
          aria-describedby={errors.how ? 'return-how-error' : undefined}
        />
        <Choice
          type="radio"
          name="how"
          value="buy"
          checked={how === 'buy'}
          onChange={() => setHow('buy')}
          label={`Buy a return label from us (${formatPounds(labelPrice)})`}
          description="We invoice the label; the parcel goes back once it is paid."
        />
      </ChoiceGroup>
      {how === 'upload' && (
        <div className="field">
          <label htmlFor="return-label-file" className="dashboard-small">
            Label file
          </label>
          <input
            id="return-label-file"
            type="file"
            accept={LABEL_TYPES}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'return-label-file-error' : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <FieldError id="return-label-file-error" message={errors.file} />
        </div>
      )}
      <FormField
        id="return-reason"
        name="reason"
        label="Why (optional)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        multiline
        minRows={2}
        maxLength={RETURN_LIMITS.reason}
        error={Boolean(errors.reason)}
        helperText={errors.reason}
      />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <BusyButton type="submit" className="button--contained" busy={busy}>
          Ask for the return
        </BusyButton>
      </div>
    </form>
  );
}
