import { useState, type FormEvent } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import {
  CASE_MESSAGES,
  MISSING_DESCRIPTION_MAX,
  missingItemsRequest,
  type CaseStatus,
  type OrderCase,
} from '../../../../shared/api/cases';
import { DialogFrame } from '../../../components/dialog-frame';
import { FormAlert } from '../../../components/form-alert';
import { ApiError } from '../../../lib/api-client';
import { useReportMissingItems } from './api/report-missing-items';
import { formatWhen } from './order-timeline';

/** Open waits for the office (filled), Answered for the customer, Resolved is done. */
const STATUS_CHIPS: Readonly<
  Record<CaseStatus, { color: 'primary' | 'default'; variant: 'filled' | 'outlined' }>
> = {
  Open: { color: 'primary', variant: 'filled' },
  Answered: { color: 'primary', variant: 'outlined' },
  Resolved: { color: 'default', variant: 'filled' },
};

const REPORT_FAILED = 'Your report could not be sent just now. Please try again.';

/**
 * The order's missing-items cases with their status and messages, and Report missing items
 * (only when the order allows it: the server says so, from the shared lifecycle rule).
 */
export function MissingItems({
  orderId,
  cases,
  canReport,
}: {
  orderId: number;
  cases: OrderCase[];
  canReport: boolean;
}) {
  const [reporting, setReporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const open = cases.find((c) => c.Status !== 'Resolved');
  return (
    <Stack spacing={2} component="section" aria-labelledby="missing-items-heading">
      <Typography variant="h2" id="missing-items-heading" sx={{ fontSize: '1.5rem' }}>
        Missing items
      </Typography>
      <FormAlert severity="success" onClose={() => setNotice(null)}>
        {notice}
      </FormAlert>
      {cases.map((c) => (
        <CaseCard key={c.Id} orderCase={c} />
      ))}
      {canReport && (
        <Box>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {open
              ? `Something else missing? We will add it to case ${open.Reference}.`
              : 'Is something missing from your parcel? Tell us and we will look into it.'}
          </Typography>
          <Button
            variant="outlined"
            onClick={() => {
              setNotice(null);
              setReporting(true);
            }}
          >
            Report missing items
          </Button>
        </Box>
      )}
      <ReportDialog
        orderId={orderId}
        open={reporting}
        openCase={open}
        onClose={() => setReporting(false)}
        onReported={(reported) => {
          setReporting(false);
          setNotice(
            reported.Id === open?.Id
              ? CASE_MESSAGES.added(reported.Reference)
              : CASE_MESSAGES.opened(reported.Reference),
          );
        }}
      />
    </Stack>
  );
}

function CaseCard({ orderCase }: { orderCase: OrderCase }) {
  return (
    <Card variant="outlined" data-testid="order-case">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem' }}>
            Case {orderCase.Reference}
          </Typography>
          <Chip
            label={orderCase.Status}
            {...STATUS_CHIPS[orderCase.Status]}
            size="small"
            data-testid="case-status"
          />
        </Stack>
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {orderCase.Messages.map((m, i) => (
            <Box
              component="li"
              key={i}
              sx={{
                pl: 1.5,
                borderLeft: 3,
                borderColor: m.From === 'customer' ? 'divider' : 'primary.main',
              }}
            >
              <Typography variant="body2" color="text.secondary">
                {m.From === 'customer' ? 'You' : 'Ferrybox'},{' '}
                <time dateTime={m.At}>{formatWhen(m.At)}</time>
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {m.Body}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** What is missing, checked by the shared request rule before it is sent (and by the server). */
function ReportDialog({
  orderId,
  open,
  openCase,
  onClose,
  onReported,
}: {
  orderId: number;
  open: boolean;
  openCase: OrderCase | undefined;
  onClose(): void;
  onReported(orderCase: OrderCase): void;
}) {
  const report = useReportMissingItems(orderId);
  const [description, setDescription] = useState('');
  const [checked, setChecked] = useState(false);
  const parsed = missingItemsRequest.safeParse({ Description: description });
  const failure = report.error instanceof ApiError ? report.error : null;
  const serverError = failure?.body?.errors?.find((e) => e.field === 'Description')?.error;
  const rule = checked && !parsed.success ? parsed.error.issues[0]?.message : serverError;
  const close = () => {
    report.reset();
    setChecked(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!parsed.success) return;
    report.mutate(parsed.data, {
      onSuccess: (reported) => {
        setDescription('');
        setChecked(false);
        report.reset();
        onReported(reported);
      },
    });
  };
  return (
    <DialogFrame open={open} onClose={close} title="Report missing items" width={500}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit}>
        <FormAlert severity="error">
          {report.isError &&
            !serverError &&
            (failure && failure.status < 500 && failure.status !== 401
              ? failure.message
              : REPORT_FAILED)}
        </FormAlert>
        <Typography>
          {openCase
            ? `Your message is added to case ${openCase.Reference}, which we are looking into.`
            : 'Tell us what you ordered that was not in the parcel. We will open a case and reply by email.'}
        </Typography>
        <TextField
          label="What is missing?"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={4}
          required
          autoFocus
          error={Boolean(rule)}
          helperText={rule ? `Your description ${rule}.` : ' '}
          slotProps={{ htmlInput: { maxLength: MISSING_DESCRIPTION_MAX } }}
        />
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={report.isPending}>
            Send report
          </Button>
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
