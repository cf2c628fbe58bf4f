import { useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Button,
  Chip,
  Link,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { markReturnedSchema, type DepotReturn } from '../../../shared/api/returns';
import { formatDisplayDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { RETURN_LIMITS, RETURN_MESSAGES } from '../../../shared/returns';
import { returnLabelFile, useAttachLabel, useMarkReturned, useReturns } from './api/returns';
import { FormDialog } from '../kit/form-dialog';
import { serverFieldErrors } from '../kit/form-state';
import { problem } from '../kit/problem';
import { useZodForm } from '../kit/use-zod-form';

const STATE_LABEL = {
  'awaiting-label': 'Buy the label',
  'label-ready': 'Label ready',
  returned: 'Returned',
} as const;

/** The file as base64, without its data-URL prefix. */
const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * /admin/returns/: parcels a customer asked to go back to the retailer (decision 0039), the oldest
 * asked first: print the label (the customer's, or attach the one the depot bought), send the
 * parcel and mark it returned with the carrier's tracking number; the unused crossing is then
 * refunded once, and the customer told.
 */
export function ReturnsPage() {
  const [tab, setTab] = useState<'open' | 'returned'>('open');
  const [marking, setMarking] = useState<DepotReturn | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useReturns(tab);
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Returns to retailers
      </Typography>
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <Tabs value={tab} onChange={(_e, v: 'open' | 'returned') => setTab(v)} aria-label="Returns">
        <Tab value="open" label="To send back" />
        <Tab value="returned" label="Sent back" />
      </Tabs>
      {list.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : list.isError ? (
        <Alert severity="error">{problem(list.error)}</Alert>
      ) : list.data.items.length === 0 ? (
        <Typography color="text.secondary">
          {tab === 'open' ? 'No parcels to send back.' : 'None sent back yet.'}
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table
            size="small"
            aria-label={tab === 'open' ? 'Returns to send back' : 'Returns sent back'}
          >
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>Retailer</TableCell>
                <TableCell>Shelf</TableCell>
                <TableCell>Asked</TableCell>
                <TableCell>Label</TableCell>
                <TableCell>State</TableCell>
                <TableCell align="right">Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.items.map((r) => (
                <ReturnRow
                  key={r.OrderId}
                  item={r}
                  onMark={() => {
                    setNotice(null);
                    setMarking(r);
                  }}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {marking && (
        <MarkReturnedDialog
          item={marking}
          onClose={() => setMarking(null)}
          onDone={(done) => {
            setMarking(null);
            setNotice(
              `${done.OrderReference} is returned to the retailer${done.Refund ? `: ${formatPounds(done.Refund)} refunded` : ''}. ${done.Customer.Name} has been told by e-mail.`,
            );
          }}
        />
      )}
    </Stack>
  );
}

function ReturnRow({ item, onMark }: { item: DepotReturn; onMark(): void }) {
  const attach = useAttachLabel();
  const [printing, setPrinting] = useState<string | null>(null);
  const unpaid = item.Invoice && item.Invoice.Status !== 'paid';
  const print = async () => {
    setPrinting(null);
    try {
      const url = URL.createObjectURL(await returnLabelFile(item.OrderId));
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setPrinting(problem(error));
    }
  };
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    attach.mutate({
      orderId: item.OrderId,
      fileName: file.name.slice(0, RETURN_LIMITS.fileName),
      data: await readBase64(file),
    });
  };
  const attachError = attach.isError
    ? (serverFieldErrors(attach.error)['Label.Data'] ?? problem(attach.error))
    : null;
  return (
    <TableRow data-testid="return-row">
      <TableCell>
        <Link component={RouterLink} to={`/admin/orders/${item.OrderId}`}>
          {item.OrderReference}
        </Link>
      </TableCell>
      <TableCell>
        {item.Customer.Name}
        <Typography variant="body2" color="text.secondary">
          {item.Customer.Reference}
        </Typography>
      </TableCell>
      <TableCell>
        {item.RetailerName}
        {item.RetailerOrderNumber && (
          <Typography variant="body2" color="text.secondary">
            {item.RetailerOrderNumber}
          </Typography>
        )}
        {item.Reason && (
          <Typography variant="body2" color="text.secondary">
            “{item.Reason}”
          </Typography>
        )}
      </TableCell>
      <TableCell>{item.Shelf || '–'}</TableCell>
      <TableCell>{formatDisplayDate(new Date(item.Asked))}</TableCell>
      <TableCell>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          {item.Label ? (
            <Button size="small" onClick={print}>
              Print label
            </Button>
          ) : (
            <Typography variant="body2">
              {item.Bought ? 'We buy it' : 'None'}
              {item.Invoice && ` (${item.Invoice.Reference}, ${item.Invoice.Status})`}
            </Typography>
          )}
          {item.Bought && item.State !== 'returned' && (
            <Button size="small" component="label" loading={attach.isPending}>
              {item.Label ? 'Replace label' : 'Attach label'}
              <input
                hidden
                type="file"
                accept="application/pdf,image/jpeg,image/png,image/webp"
                onChange={onFile}
                aria-label={`Label file for ${item.OrderReference}`}
              />
            </Button>
          )}
          {printing && <Alert severity="error">{printing}</Alert>}
          {attachError && <Alert severity="error">The label {attachError}</Alert>}
        </Stack>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={STATE_LABEL[item.State]}
          color={item.State === 'label-ready' ? 'primary' : 'default'}
        />
        {item.State === 'returned' && (
          <Typography variant="body2" color="text.secondary">
            {item.Carrier} {item.TrackingNumber}
            {item.Refund !== null && ` · ${formatPounds(item.Refund)} refunded`}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">
        {item.State !== 'returned' && (
          <Button
            variant="contained"
            size="small"
            disabled={!item.Label || Boolean(unpaid)}
            title={
              !item.Label
                ? RETURN_MESSAGES.labelMissing
                : unpaid
                  ? RETURN_MESSAGES.labelUnpaid(item.Invoice!.Reference)
                  : undefined
            }
            onClick={onMark}
            aria-label={`Mark ${item.OrderReference} returned`}
          >
            Mark returned
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

function MarkReturnedDialog({
  item,
  onClose,
  onDone,
}: {
  item: DepotReturn;
  onClose(): void;
  onDone(done: DepotReturn): void;
}) {
  const mark = useMarkReturned();
  const form = useZodForm(
    markReturnedSchema,
    { Carrier: '', TrackingNumber: '' },
    { refusal: mark.error },
  );
  const submit = form.handleSubmit((body) =>
    mark.mutate({ orderId: item.OrderId, ...body }, { onSuccess: onDone }),
  );
  return (
    <FormDialog
      title={`Mark ${item.OrderReference} returned`}
      onClose={onClose}
      onSubmit={submit}
      pending={mark.isPending}
      error={form.formError}
      submitLabel="Mark returned"
    >
      <Typography>
        Sent back to {item.RetailerName} for {item.Customer.Name}. What the booking paid for the
        crossing is refunded once, and the customer is told by e-mail with the tracking number.
      </Typography>
      <TextField
        {...form.text('Carrier', 'Carrier')}
        required
        slotProps={{ htmlInput: { maxLength: RETURN_LIMITS.carrier } }}
      />
      <TextField
        {...form.text('TrackingNumber', 'Tracking number')}
        required
        slotProps={{ htmlInput: { maxLength: RETURN_LIMITS.trackingNumber } }}
      />
    </FormDialog>
  );
}
