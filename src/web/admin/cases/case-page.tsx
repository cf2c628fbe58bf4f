import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  InputAdornment,
  Link,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { OfficeCase } from '../../../shared/api/office';
import {
  caseReplySchema,
  resolveCaseSchema,
  type OfficeCaseDetail,
} from '../../../shared/api/office-cases';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds, toPence } from '../../../shared/money';
import { REFUND_MESSAGES } from '../../../shared/refunds';
import { useCase, useReplyToCase, useResolveCase } from '../office/api/office-care';
import { CaseStatusChip } from './cases-page';
import { FormAlert } from '../kit/form-alert';
import { useZodForm } from '../kit/use-zod-form';
import { problem, refundProblem } from '../kit/problem';
import { DisputePanel } from './dispute-panel';

const when = (iso: string) => {
  const at = new Date(iso);
  return `${formatDisplayDate(at)} ${at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;
};

/**
 * /admin/cases/{id}: one missing-item case: the conversation with the customer, a reply, and
 * resolving it, with a refund on its order or without. The customer sees each on their order.
 */
export function CasePage({ id }: { id: number }) {
  const found = useCase(id);
  const [notice, setNotice] = useState<string | null>(null);
  if (found.isPending) return <Skeleton variant="rounded" height={240} />;
  if (found.isError) return <Alert severity="error">{problem(found.error)}</Alert>;
  const { Case: theCase } = found.data;
  const resolved = theCase.Status === 'Resolved';
  return (
    <Stack spacing={3}>
      <Box>
        <Link component={RouterLink} to="/admin/cases/">
          All cases
        </Link>
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          Case {theCase.Reference}
        </Typography>
        <CaseStatusChip status={theCase.Status} />
        {theCase.Kind === 'dispute' && (
          <Typography color="text.secondary">
            Disputed invoice
            {theCase.Dispute?.Outcome ? ` · ${theCase.Dispute.Outcome}` : ''}
          </Typography>
        )}
      </Stack>
      <CaseFacts detail={found.data} />
      {notice && (
        <Alert severity="success" role="status" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {found.data.Evidence && <DisputePanel detail={found.data} onDone={setNotice} />}
      <Conversation theCase={theCase} />
      {!resolved && theCase.Kind === 'dispute' && (
        <ReplyForm theCase={theCase} onDone={setNotice} />
      )}
      {!resolved && theCase.Kind !== 'dispute' && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'stretch' }}>
          <ReplyForm theCase={theCase} onDone={setNotice} />
          <ResolveForm detail={found.data} onDone={setNotice} />
        </Stack>
      )}
      {found.data.Refunds.length > 0 && <Refunds detail={found.data} />}
    </Stack>
  );
}

function CaseFacts({ detail }: { detail: OfficeCaseDetail }) {
  const { Case: c } = detail;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: 1,
          m: 0,
          '& dt': { fontWeight: 700 },
          '& dd': { m: 0 },
        }}
      >
        <dt>Order</dt>
        <dd>
          <Link component={RouterLink} to={`/admin/orders/${c.OrderId}`}>
            {c.OrderReference}
          </Link>{' '}
          · {detail.OrderStatus}
        </dd>
        <dt>Customer</dt>
        <dd>
          {[c.Customer.Name, c.Customer.Reference, c.Customer.Email].filter(Boolean).join(' · ')}
        </dd>
        <dt>Opened</dt>
        <dd>{when(c.Created)}</dd>
        <dt>Can be refunded</dt>
        <dd>{formatPounds(detail.Refundable)}</dd>
      </Box>
    </Paper>
  );
}

function Conversation({ theCase }: { theCase: OfficeCase }) {
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="conversation-title">
      <Typography variant="h5" component="h2" id="conversation-title">
        Conversation
      </Typography>
      <Stack component="ol" spacing={1.5} useFlexGap sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {theCase.Messages.map((m, i) => (
          <Paper
            component="li"
            key={i}
            variant="outlined"
            data-testid="case-message"
            sx={{
              p: 1.5,
              borderLeft: 4,
              borderLeftColor: m.From === 'customer' ? 'divider' : 'primary.main',
              ml: { md: m.From === 'staff' ? 6 : 0 },
              mr: { md: m.From === 'customer' ? 6 : 0 },
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {m.From === 'customer'
                ? theCase.Customer.Name || 'The customer'
                : `Ferrybox${m.Staff ? ` (${m.Staff})` : ''}`}
              , <time dateTime={m.At}>{when(m.At)}</time>
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {m.Body}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function ReplyForm({ theCase, onDone }: { theCase: OfficeCase; onDone: (m: string) => void }) {
  const reply = useReplyToCase();
  const form = useZodForm(caseReplySchema, { Message: '' }, { refusal: reply.error });
  const submit = form.handleSubmit(({ Message }) =>
    reply.mutate(
      { id: theCase.Id, message: Message },
      {
        onSuccess: () => {
          form.set('Message', '');
          onDone('Your reply was sent: the customer was e-mailed and sees it on their order.');
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
      aria-labelledby="reply-title"
      sx={{ p: 2, flex: 1 }}
    >
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="reply-title">
          Reply to the customer
        </Typography>
        <FormAlert severity="error">{form.formError}</FormAlert>
        <TextField
          {...form.text('Message', 'Reply', {
            helperText: 'E-mailed to the customer, and shown on their order',
          })}
          multiline
          minRows={4}
          required
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={reply.isPending}>
            Send reply
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function ResolveForm({
  detail,
  onDone,
}: {
  detail: OfficeCaseDetail;
  onDone: (m: string) => void;
}) {
  const resolve = useResolveCase();
  const refundable = detail.Refundable;
  // The contract's rules, and one the screen knows: no more back than is left to refund.
  const schema = resolveCaseSchema.refine(
    ({ Refund }) => Refund === undefined || toPence(Refund) <= toPence(refundable),
    { path: ['Refund'], message: REFUND_MESSAGES.tooMuch(toPence(refundable)) },
  );
  const form = useZodForm(
    schema,
    { Message: '', refunding: false as boolean, Refund: '' },
    {
      refusal: resolve.error,
      describe: refundProblem,
      body: (v) => ({
        Message: v.Message.trim(),
        ...(v.refunding ? { Refund: v.Refund.trim() === '' ? Number.NaN : Number(v.Refund) } : {}),
      }),
    },
  );
  const refunding = form.values.refunding;

  const submit = form.handleSubmit(({ Message, Refund: refund }) =>
    resolve.mutate(
      { id: detail.Case.Id, message: Message, refund },
      {
        onSuccess: () =>
          onDone(
            refund === undefined
              ? 'The case is resolved: the customer was e-mailed.'
              : `The case is resolved and ${formatPounds(refund)} refunded: the customer was e-mailed.`,
          ),
      },
    ),
  );

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={submit}
      aria-labelledby="resolve-title"
      sx={{ p: 2, flex: 1 }}
    >
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="resolve-title">
          Resolve the case
        </Typography>
        <FormAlert severity="error">{form.formError}</FormAlert>
        <TextField
          {...form.text('Message', 'Message to the customer', {
            helperText: 'Optional: otherwise they are told the case is resolved',
          })}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <FormControlLabel
          control={
            <Checkbox
              {...form.check('refunding')}
              disabled={refundable <= 0}
              onChange={(_e, on) => {
                form.set('refunding', on);
                form.forget('Refund');
              }}
            />
          }
          label={refundable > 0 ? 'Refund part of the order' : 'Nothing is left to refund'}
        />
        {refunding && (
          <TextField
            {...form.text('Refund', 'Refund', {
              helperText: `At most ${formatPounds(refundable)}, through the payment provider`,
            })}
            required
            inputMode="decimal"
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
            }}
          />
        )}
        <Box>
          <Button type="submit" variant="contained" color="success" loading={resolve.isPending}>
            {refunding ? 'Refund and resolve' : 'Resolve case'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function Refunds({ detail }: { detail: OfficeCaseDetail }) {
  return (
    <Stack component="section" spacing={1} aria-labelledby="refunds-title">
      <Typography variant="h5" component="h2" id="refunds-title">
        Refunds on {detail.Case.OrderReference}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 3 }}>
        {detail.Refunds.map((r) => (
          <li key={r.Id}>
            {formatPounds(r.Amount)} · {r.Status} · {r.Reason}
            {r.Staff && ` · ${r.Staff}`} · {when(r.Created)}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
