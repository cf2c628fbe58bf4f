import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  InputAdornment,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DEPOT_LIMITS } from '../../../shared/api/depot';
import {
  decideDisputeSchema,
  remeasureSchema,
  type OfficeCaseDetail,
} from '../../../shared/api/office-cases';
import { DISPUTE_DECISIONS, reduceRefusal, type DisputeDecision } from '../../../shared/disputes';
import { formatPounds, toPence } from '../../../shared/money';
import { useDecideDispute, useRemeasure } from '../office/api/office-care';
import { checkForm, serverFieldErrors, type FieldErrors } from '../kit/field-errors';
import { Photo } from '../orders/order-facts';
import { problem } from '../kit/problem';
import { PhotoPicker, type Photo as PickedPhoto } from '../depot/photo-picker';
import { resizePhoto } from '../depot/resize-photo';

type Evidence = NonNullable<OfficeCaseDetail['Evidence']>;

const cm = (mm: number) => `${mm / 10}`;
const kg = (g: number) => `${g / 1000}`;
const size = (s: { Length: number; Width: number; Height: number }) =>
  `${cm(s.Length)} × ${cm(s.Width)} × ${cm(s.Height)} cm`;

/**
 * A disputed invoice's case (decision 0038): the band booked beside what the depot measured on
 * arrival and at the re-measure, the photos of each, then the re-measure and the decision (once).
 */
export function DisputePanel({
  detail,
  onDone,
}: {
  detail: OfficeCaseDetail;
  onDone: (m: string) => void;
}) {
  const evidence = detail.Evidence!;
  const open = detail.Case.Status !== 'Resolved';
  return (
    <Stack spacing={3}>
      <EvidenceTable detail={detail} evidence={evidence} />
      {open && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'stretch' }}>
          <RemeasureForm caseId={detail.Case.Id} onDone={onDone} />
          <DecideForm detail={detail} evidence={evidence} onDone={onDone} />
        </Stack>
      )}
    </Stack>
  );
}

function EvidenceTable({ detail, evidence }: { detail: OfficeCaseDetail; evidence: Evidence }) {
  const again = detail.Case.Dispute?.Remeasured ?? null;
  const arrival = evidence.Photos.filter((p) => !p.Remeasure);
  const remeasure = evidence.Photos.filter((p) => p.Remeasure);
  const rows: [string, string, string][] = [
    [
      'Size',
      evidence.Booked ? size(evidence.Booked) : '–',
      evidence.Measured ? size(evidence.Measured) : '–',
    ],
    [
      'Weight',
      evidence.Booked ? `up to ${kg(evidence.Booked.MaxWeight)} kg` : '–',
      evidence.Measured ? `${kg(evidence.Measured.Weight)} kg` : '–',
    ],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="evidence-title">
      <Stack spacing={2}>
        <Typography variant="h5" component="h2" id="evidence-title">
          Invoice {evidence.Invoice.Reference}: {formatPounds(evidence.Invoice.Amount)} ·{' '}
          {evidence.Invoice.Status}
        </Typography>
        <Typography color="text.secondary">{evidence.Invoice.Reason}</Typography>
        <Box
          component="table"
          data-testid="dispute-evidence"
          sx={{
            borderCollapse: 'collapse',
            '& th, & td': { textAlign: 'left', p: 1, borderBottom: 1, borderColor: 'divider' },
          }}
        >
          <thead>
            <tr>
              <th scope="col" />
              <th scope="col">
                Booked
                {evidence.Booked && `: band ${evidence.Booked.Code} (${evidence.Booked.Name})`}
              </th>
              <th scope="col">Measured on arrival</th>
              {again && <th scope="col">Measured again</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, booked, measured]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{booked}</td>
                <td>{measured}</td>
                {again && <td>{label === 'Size' ? size(again) : `${kg(again.Weight)} kg`}</td>}
              </tr>
            ))}
            <tr>
              <th scope="row">Paid for carriage</th>
              <td>{formatPounds(evidence.PaidForCarriage)}</td>
              <td />
              {again && <td />}
            </tr>
          </tbody>
        </Box>
        {evidence.Suggested && (
          <Alert severity="info" data-testid="dispute-suggested">
            {evidence.Suggested.Note}
          </Alert>
        )}
        <PhotoRow title="Arrival photos" ids={arrival.map((p) => p.Id)} />
        {remeasure.length > 0 && (
          <PhotoRow title="Re-measure photos" ids={remeasure.map((p) => p.Id)} />
        )}
      </Stack>
    </Paper>
  );
}

function PhotoRow({ title, ids }: { title: string; ids: number[] }) {
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      {ids.length === 0 ? (
        <Typography color="text.secondary">No photo.</Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {ids.map((id, i) => (
            <Photo key={id} id={id} alt={`${title}: ${i + 1}`} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const numberOf = (text: string) =>
  text.trim() === '' ? undefined : Number(text.trim().replace(',', '.'));

function RemeasureForm({ caseId, onDone }: { caseId: number; onDone: (m: string) => void }) {
  const remeasure = useRemeasure();
  const [values, setValues] = useState({ WeightKg: '', LengthCm: '', WidthCm: '', HeightCm: '' });
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const fileRef = useRef<HTMLInputElement>(null);

  const addPhotos = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, DEPOT_LIMITS.photos - photos.length);
    event.target.value = '';
    setPhotoProblem(null);
    setPreparing((n) => n + files.length);
    const results = await Promise.allSettled(files.map(resizePhoto));
    setPreparing((n) => n - files.length);
    const ready = results.flatMap((r, i) =>
      r.status === 'fulfilled' ? [{ name: files[i].name, data: r.value }] : [],
    );
    const unreadable = files.filter((_, i) => results[i].status === 'rejected');
    if (unreadable.length > 0) {
      setPhotoProblem(`${unreadable.map((f) => f.name).join(', ')}: not an image we can read.`);
    }
    setPhotos((current) => [...current, ...ready].slice(0, DEPOT_LIMITS.photos));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      WeightKg: numberOf(values.WeightKg),
      LengthCm: numberOf(values.LengthCm),
      WidthCm: numberOf(values.WidthCm),
      HeightCm: numberOf(values.HeightCm),
      Photos: photos.map((p) => ({ Data: p.data })),
    };
    const checked = checkForm(remeasureSchema, body);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    remeasure.mutate(
      { id: caseId, body: checked.data },
      {
        onSuccess: () => {
          setPhotos([]);
          setValues({ WeightKg: '', LengthCm: '', WidthCm: '', HeightCm: '' });
          onDone('The re-measure is recorded: the customer was e-mailed.');
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  };
  const field = (name: keyof typeof values, label: string, unit: string) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setErrors(({ [name]: _, ...rest }) => rest);
      }}
      required
      inputMode="decimal"
      error={Boolean(errors[name])}
      helperText={errors[name]}
      slotProps={{
        input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
      }}
      sx={{ width: { xs: '100%', sm: 130 } }}
    />
  );
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={submit}
      aria-labelledby="remeasure-title"
      sx={{ p: 2, flex: 1 }}
    >
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="remeasure-title">
          Measure again
        </Typography>
        {remeasure.isError && Object.keys(serverFieldErrors(remeasure.error)).length === 0 && (
          <Alert severity="error">{problem(remeasure.error)}</Alert>
        )}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {field('WeightKg', 'Weight', 'kg')}
          {field('LengthCm', 'Length', 'cm')}
          {field('WidthCm', 'Width', 'cm')}
          {field('HeightCm', 'Height', 'cm')}
        </Stack>
        <PhotoPicker
          photos={photos}
          preparing={preparing}
          problem={photoProblem}
          fileRef={fileRef}
          onAdd={addPhotos}
          onRemove={(i) => setPhotos((current) => current.filter((_, j) => j !== i))}
        />
        <Box>
          <Button type="submit" variant="outlined" loading={remeasure.isPending}>
            Record the re-measure
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

const DECISION_LABELS: Record<DisputeDecision, string> = {
  uphold: 'Uphold: the invoice stands',
  reduce: 'Reduce the invoice',
  cancel: 'Cancel the invoice',
};

function DecideForm({
  detail,
  evidence,
  onDone,
}: {
  detail: OfficeCaseDetail;
  evidence: Evidence;
  onDone: (m: string) => void;
}) {
  const decide = useDecideDispute();
  const [decision, setDecision] = useState<DisputeDecision>('uphold');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const paid = evidence.Invoice.Status === 'paid';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      Decision: decision,
      ...(decision === 'reduce' ? { Amount: numberOf(amount) ?? Number.NaN } : {}),
      Message: message.trim(),
    };
    const checked = checkForm(decideDisputeSchema, body);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    const tooMuch =
      decision === 'reduce'
        ? reduceRefusal(toPence(checked.data.Amount ?? 0), toPence(evidence.Invoice.Amount))
        : null;
    if (tooMuch) {
      setErrors({ Amount: tooMuch });
      return;
    }
    decide.mutate(
      { id: detail.Case.Id, body: checked.data },
      {
        onSuccess: (after) => {
          const refunded = after.Refunds.filter((r) => r.Status === 'succeeded')
            .slice(-1)
            .map((r) => ` ${formatPounds(r.Amount)} refunded.`);
          onDone(
            `The dispute is decided (${decision}): the customer was e-mailed.${paid ? refunded.join('') : ''}`,
          );
        },
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    );
  };
  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={submit}
      aria-labelledby="decide-title"
      sx={{ p: 2, flex: 1 }}
    >
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="decide-title">
          Decide
        </Typography>
        {decide.isError && Object.keys(serverFieldErrors(decide.error)).length === 0 && (
          <Alert severity="error">{problem(decide.error)}</Alert>
        )}
        <RadioGroup
          aria-labelledby="decide-title"
          value={decision}
          onChange={(e) => {
            setDecision(e.target.value as DisputeDecision);
            setErrors({});
          }}
        >
          {DISPUTE_DECISIONS.map((d) => (
            <FormControlLabel key={d} value={d} control={<Radio />} label={DECISION_LABELS[d]} />
          ))}
        </RadioGroup>
        {decision === 'reduce' && (
          <TextField
            label="New amount"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setErrors({});
            }}
            required
            inputMode="decimal"
            error={Boolean(errors.Amount)}
            helperText={
              errors.Amount ??
              `Less than ${formatPounds(evidence.Invoice.Amount)}${paid ? '; the difference is refunded' : ''}`
            }
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
            }}
          />
        )}
        {decision === 'cancel' && paid && (
          <Typography variant="body2">
            {formatPounds(evidence.Invoice.Amount)} paid is refunded through the payment provider.
          </Typography>
        )}
        <TextField
          label="Message to the customer"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          multiline
          minRows={2}
          helperText="Optional: added to the decision in their e-mail and on their order"
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={decide.isPending}>
            Decide
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
