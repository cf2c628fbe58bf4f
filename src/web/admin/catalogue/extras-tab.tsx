import { useState } from 'react';
import {
  Alert,
  Button,
  MenuItem,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { OrderExtra } from '../../../shared/api/catalogue';
import { extraInputSchema } from '../../../shared/api/catalogue-admin';
import { formatPounds } from '../../../shared/money';
import { useAdminExtras, useSaveExtra } from './api/catalogue';
import { FormDialog } from '../kit/form-dialog';
import { problem } from '../kit/problem';
import { useZodForm } from '../kit/use-zod-form';
import { num, pounds, StateCell, EditCell, CatalogueTable } from './catalogue-parts';

// The catalogue's Extras tab: the extras a booking may add, edited in a dialog.

export function Extras() {
  const extras = useAdminExtras();
  const [editing, setEditing] = useState<OrderExtra | 'new' | null>(null);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography color="text.secondary">
          Offered extras are shown when booking; hidden ones are kept for staff to add to orders.
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          Add an extra
        </Button>
      </Stack>
      {extras.isError && <Alert severity="error">{problem(extras.error)}</Alert>}
      <CatalogueTable
        label="Extras"
        columns={['Order', 'Extra', '>Price', 'Shown']}
        pending={extras.isPending}
      >
        {(extras.data ?? []).map((extra) => (
          <TableRow key={extra.Id}>
            <TableCell>{extra.SortOrder}</TableCell>
            <TableCell>
              <strong>{extra.Name}</strong>
              <Typography variant="body2" color="text.secondary">
                {extra.Description}
              </Typography>
            </TableCell>
            <TableCell align="right">{formatPounds(extra.Price)}</TableCell>
            <StateCell on={extra.Enabled} label={extra.Enabled ? 'Offered' : 'Hidden'} />
            <EditCell onClick={() => setEditing(extra)} what={extra.Name} />
          </TableRow>
        ))}
      </CatalogueTable>
      {editing && (
        <ExtraDialog
          extra={editing === 'new' ? null : editing}
          nextOrder={Math.max(0, ...(extras.data ?? []).map((e) => e.SortOrder)) + 10}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function ExtraDialog({
  extra,
  nextOrder,
  onClose,
}: {
  extra: OrderExtra | null;
  nextOrder: number;
  onClose: () => void;
}) {
  const save = useSaveExtra();
  const form = useZodForm(
    extraInputSchema,
    {
      Name: extra?.Name ?? '',
      Description: extra?.Description ?? '',
      Price: extra ? extra.Price.toFixed(2) : '',
      SortOrder: String(extra?.SortOrder ?? nextOrder),
      Shown: extra?.Enabled === false ? 'hidden' : 'offered',
    },
    {
      refusal: save.error,
      body: (v) => ({
        Name: v.Name,
        Description: v.Description,
        Price: num(v.Price),
        SortOrder: num(v.SortOrder),
        Enabled: v.Shown === 'offered',
      }),
    },
  );
  const submit = form.handleSubmit((body) =>
    save.mutate({ id: extra?.Id, body }, { onSuccess: onClose }),
  );
  return (
    <FormDialog
      title={extra ? `Edit ${extra.Name}` : 'Add an extra'}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={form.formError}
    >
      <TextField {...form.text('Name', 'Name')} required />
      <TextField {...form.text('Description', 'Description')} multiline minRows={2} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.text('Price', 'Price', { slotProps: pounds })} required />
        <TextField {...form.text('SortOrder', 'Order')} required />
      </Stack>
      <TextField {...form.text('Shown', 'Shown to customers')} select>
        <MenuItem value="offered">Offered when booking</MenuItem>
        <MenuItem value="hidden">Hidden (staff add it to orders)</MenuItem>
      </TextField>
    </FormDialog>
  );
}
