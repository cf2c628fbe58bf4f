import { useState } from 'react';
import {
  Alert,
  Button,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { Product } from '../../../shared/api/catalogue';
import { productInputSchema } from '../../../shared/api/catalogue-admin';
import { BOX_IMAGES, boxImagesFor } from '../../../shared/box-images';
import { formatDimensionsCm } from '../../../shared/labels';
import { formatPounds } from '../../../shared/money';
import { useAdminProducts, useSaveProduct } from './api/catalogue';
import { FormDialog } from '../kit/form-dialog';
import { problem } from '../kit/problem';
import { useZodForm } from '../kit/use-zod-form';
import { num, pounds, StateCell, EditCell, CatalogueTable } from './catalogue-parts';

// The catalogue's Price bands tab: the bands with their size, weight and price, edited in a dialog.

export function PriceBands() {
  const bands = useAdminProducts();
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography color="text.secondary">
          Public, enabled bands are offered on the site in this order.
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          Add a price band
        </Button>
      </Stack>
      {bands.isError && <Alert severity="error">{problem(bands.error)}</Alert>}
      <CatalogueTable
        label="Price bands"
        columns={['Order', 'Band', 'Size', 'Weight limit', '>Price', 'On the site']}
        pending={bands.isPending}
      >
        {(bands.data ?? []).map((band) => (
          <TableRow key={band.Id}>
            <TableCell>{band.SortOrder}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <img src={boxImagesFor(band.TTLMDProductCode)[0]} alt="" width={36} height={36} />
                <span>
                  <strong>{band.Code}</strong> {band.Name}
                </span>
              </Stack>
            </TableCell>
            <TableCell>{formatDimensionsCm(band)}</TableCell>
            <TableCell>{band.MaxWeight / 1000} kg</TableCell>
            <TableCell align="right">{formatPounds(band.Price)}</TableCell>
            <StateCell
              on={band.enabled && band.public}
              label={!band.enabled ? 'Disabled' : band.public ? 'Public' : 'Private'}
            />
            <EditCell onClick={() => setEditing(band)} what={`band ${band.Code}`} />
          </TableRow>
        ))}
      </CatalogueTable>
      {editing && (
        <BandDialog
          band={editing === 'new' ? null : editing}
          nextOrder={Math.max(0, ...(bands.data ?? []).map((b) => b.SortOrder)) + 10}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/** Whether a record is live on the site, as a chip. */
const IMAGE_CODES = Object.keys(BOX_IMAGES).map(Number);

function BandDialog({
  band,
  nextOrder,
  onClose,
}: {
  band: Product | null;
  nextOrder: number;
  onClose: () => void;
}) {
  const save = useSaveProduct();
  const form = useZodForm(
    productInputSchema,
    {
      Name: band?.Name ?? '',
      Code: band?.Code ?? '',
      Description: band?.Description ?? '',
      Price: band ? band.Price.toFixed(2) : '',
      SortOrder: String(band?.SortOrder ?? nextOrder),
      Length: String(band?.Length ?? ''),
      Width: String(band?.Width ?? ''),
      Height: String(band?.Height ?? ''),
      MaxWeight: band ? String(band.MaxWeight / 1000) : '',
      TTLMDProductCode: String(band?.TTLMDProductCode ?? 0),
      enabled: band?.enabled ?? true,
      public: band?.public ?? true,
    },
    {
      refusal: save.error,
      body: (v) => {
        const kg = num(v.MaxWeight);
        return {
          ...v,
          Price: num(v.Price),
          SortOrder: num(v.SortOrder),
          Length: num(v.Length),
          Width: num(v.Width),
          Height: num(v.Height),
          MaxWeight: kg === undefined ? undefined : Math.round(kg * 1000),
          TTLMDProductCode: num(v.TTLMDProductCode),
        };
      },
    },
  );
  const submit = form.handleSubmit((body) =>
    save.mutate({ id: band?.Id, body }, { onSuccess: onClose }),
  );
  const mm = { input: { endAdornment: <InputAdornment position="end">mm</InputAdornment> } };
  return (
    <FormDialog
      title={band ? `Edit price band ${band.Code}` : 'Add a price band'}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={form.formError}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.text('Code', 'Code')} required sx={{ maxWidth: { sm: 120 } }} />
        <TextField {...form.text('Name', 'Name')} required />
      </Stack>
      <TextField {...form.text('Description', 'Description')} multiline minRows={2} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...form.text('Price', 'Price', { slotProps: pounds, inputMode: 'decimal' })}
          required
        />
        <TextField {...form.text('SortOrder', 'Order on the site')} required />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.text('Length', 'Length', { slotProps: mm })} required />
        <TextField {...form.text('Width', 'Width', { slotProps: mm })} required />
        <TextField {...form.text('Height', 'Height', { slotProps: mm })} required />
      </Stack>
      <TextField
        {...form.text('MaxWeight', 'Weight limit', {
          slotProps: {
            input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> },
          },
        })}
        required
      />
      <TextField
        {...form.text('TTLMDProductCode', 'Image', {
          helperText: 'The box picture shown with the band',
        })}
        select
      >
        <MenuItem value="0">Generic box</MenuItem>
        {IMAGE_CODES.map((code, i) => (
          <MenuItem key={code} value={String(code)}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <img src={BOX_IMAGES[code][0]} alt="" width={28} height={28} />
              <span>
                Box {String.fromCharCode(65 + i)} ({code})
              </span>
            </Stack>
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={3}>
        <FormControlLabel control={<Switch {...form.check('enabled')} />} label="Enabled" />
        <FormControlLabel
          control={<Switch {...form.check('public')} />}
          label="Public (offered on the site)"
        />
      </Stack>
    </FormDialog>
  );
}
