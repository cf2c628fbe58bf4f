import { useRef, useState, type ChangeEvent } from 'react';
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
import { FormAlert } from '../kit/form-alert';
import { useZodForm } from '../kit/use-zod-form';
import { Photo } from '../orders/order-facts';
import { photoMessage, PhotoPicker, type Photo as PickedPhoto } from '../depot/photo-picker';
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
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const form = useZodForm(
    remeasureSchema,
    { WeightKg: '', LengthCm: '', WidthCm: '', HeightCm: '' },
    {
      refusal: remeasure.error,
      body: (v) => ({
        WeightKg: numberOf(v.WeightKg),
        LengthCm: numberOf(v.LengthCm),
        WidthCm: numberOf(v.WidthCm),
        HeightCm: numberOf(v.HeightCm),
        Photos: photos.map((p) => ({ Data: p.data })),
      }),
    },
  );
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

  const submit = form.handleSubmit((body) =>
    remeasure.mutate(
      { id: caseId, body },
      {
        onSuccess: () => {
          setPhotos([]);
          form.reset();
          onDone('The re-measure is recorded: the customer was e-mailed.');
        },
      },
    ),
  );
  const field = (
    name: 'WeightKg' | 'LengthCm' | 'WidthCm' | 'HeightCm',
    label: string,
    unit: string,
  ) => (
    <TextField
      {...form.text(name, label)}
      fullWidth={false}
      required
      inputMode="decimal"
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
        <FormAlert severity="error">{form.formError}</FormAlert>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {field('WeightKg', 'Weight', 'kg')}
          {field('LengthCm', 'Length', 'cm')}
          {field('WidthCm', 'Width', 'cm')}
          {field('HeightCm', 'Height', 'cm')}
        </Stack>
        <PhotoPicker
          photos={photos}
          preparing={preparing}
          problem={photoProblem ?? photoMessage(form.messages()) ?? null}
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
  const paid = evidence.Invoice.Status === 'paid';
  // The contract's rules, and one the screen knows: a reduction is below the invoice's amount.
  const schema = decideDisputeSchema.superRefine((body, ctx) => {
    const tooMuch =
      body.Decision === 'reduce'
        ? reduceRefusal(toPence(body.Amount ?? 0), toPence(evidence.Invoice.Amount))
        : null;
    if (tooMuch) ctx.addIssue({ code: 'custom', path: ['Amount'], message: tooMuch });
  });
  const form = useZodForm(
    schema,
    { Decision: 'uphold', Amount: '', Message: '' },
    {
      refusal: decide.error,
      body: (v) => ({
        Decision: v.Decision as DisputeDecision,
        ...(v.Decision === 'reduce' ? { Amount: numberOf(v.Amount) ?? Number.NaN } : {}),
        Message: v.Message.trim(),
      }),
    },
  );
  const decision = form.values.Decision as DisputeDecision;

  const submit = form.handleSubmit((body) =>
    decide.mutate(
      { id: detail.Case.Id, body },
      {
        onSuccess: (after) => {
          const refunded = after.Refunds.filter((r) => r.Status === 'succeeded')
            .slice(-1)
            .map((r) => ` ${formatPounds(r.Amount)} refunded.`);
          onDone(
            `The dispute is decided (${body.Decision}): the customer was e-mailed.${paid ? refunded.join('') : ''}`,
          );
        },
      },
    ),
  );
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
        <FormAlert severity="error">{form.formError}</FormAlert>
        <RadioGroup
          aria-labelledby="decide-title"
          value={decision}
          onChange={(e) => {
            form.set('Decision', e.target.value);
            form.forget('Amount');
          }}
        >
          {DISPUTE_DECISIONS.map((d) => (
            <FormControlLabel key={d} value={d} control={<Radio />} label={DECISION_LABELS[d]} />
          ))}
        </RadioGroup>
        {decision === 'reduce' && (
          <TextField
            {...form.text('Amount', 'New amount', {
              helperText: `Less than ${formatPounds(evidence.Invoice.Amount)}${paid ? '; the difference is refunded' : ''}`,
            })}
            required
            inputMode="decimal"
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
          {...form.text('Message', 'Message to the customer', {
            helperText: 'Optional: added to the decision in their e-mail and on their order',
          })}
          multiline
          minRows={2}
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
