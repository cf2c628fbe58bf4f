import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Switch,
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
import type { OrderExtra, Product } from '../../../shared/api/catalogue';
import {
  createDiscountSchema,
  extraInputSchema,
  productInputSchema,
  type Discount,
} from '../../../shared/api/catalogue-admin';
import { BOX_IMAGES, boxImagesFor } from '../../../shared/box-images';
import { describeDiscount, DISCOUNT_KINDS } from '../../../shared/discounts';
import { formatDimensionsCm } from '../../../shared/labels';
import { formatPounds, toPence } from '../../../shared/money';
import {
  useAdminExtras,
  useAdminProducts,
  useCreateDiscount,
  useDiscounts,
  useDiscountUses,
  useSaveExtra,
  useSaveProduct,
  useSetDiscountEnabled,
} from './api/catalogue';
import { checkForm, serverFieldErrors, type FieldErrors } from '../kit/field-errors';
import { ListPager, oneOf, useListView } from '../kit/list-view';
import { problem } from '../kit/problem';

const TABS = [
  { id: 'bands', label: 'Price bands' },
  { id: 'extras', label: 'Extras' },
  { id: 'discounts', label: 'Discount codes' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const TAB_IDS = TABS.map((t) => t.id);

/**
 * /admin/catalogue/ (office, admin): the price bands, the extras and the discount codes. Which
 * tab, and the codes' search and page, are in the address, so reload and back keep them.
 */
export function CataloguePage() {
  const { values, set } = useListView({
    tab: oneOf(TAB_IDS, 'bands'),
    q: '',
  });
  const { tab } = values;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Catalogue
      </Typography>
      <Typography color="text.secondary">
        Changes show on the public site within seconds, without a rebuild. Orders already booked
        keep the price they were charged.
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, value: TabId) => set({ tab: value, q: '' })}
        aria-label="Catalogue"
      >
        {TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} id={`tab-${t.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {tab === 'bands' && <PriceBands />}
        {tab === 'extras' && <Extras />}
        {tab === 'discounts' && <DiscountCodes />}
      </Box>
    </Stack>
  );
}

// --- shared bits ----------------------------------------------------------------------------------

/** A number typed in a text field: empty is missing (the schema says so), not zero. */
const num = (text: string) => (text.trim() === '' ? undefined : Number(text));

function FormDialog({
  title,
  open = true,
  onClose,
  onSubmit,
  pending,
  error,
  submitLabel = 'Save',
  children,
}: {
  title: string;
  open?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  error: unknown;
  submitLabel?: string;
  children: ReactNode;
}) {
  const fieldless = error && !Object.keys(serverFieldErrors(error)).length;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        aria-label={title}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fieldless ? <Alert severity="error">{problem(error)}</Alert> : null}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** A text field bound to one key of a form's values, showing that field's error. */
function useFields<V extends Record<string, string | boolean>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const text = (key: keyof V & string, label: string, extra: Record<string, unknown> = {}) => ({
    label,
    value: values[key] as string,
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value })),
    error: !!errors[key],
    helperText: errors[key] ?? (extra.helperText as string | undefined),
    fullWidth: true,
    ...extra,
  });
  const toggle = (key: keyof V & string) => ({
    checked: values[key] as boolean,
    onChange: (_e: unknown, checked: boolean) => setValues((v) => ({ ...v, [key]: checked })),
  });
  return { values, errors, setErrors, text, toggle };
}

const pounds = { input: { startAdornment: <InputAdornment position="start">£</InputAdornment> } };

// --- price bands ----------------------------------------------------------------------------------

function PriceBands() {
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
function StateCell({ on, label }: { on: boolean; label: string }) {
  return (
    <TableCell>
      <Chip size="small" label={label} color={on ? 'success' : 'default'} />
    </TableCell>
  );
}

function EditCell({ onClick, what }: { onClick: () => void; what: string }) {
  return (
    <TableCell align="right">
      <Button size="small" onClick={onClick}>
        Edit<span className="visually-hidden"> {what}</span>
      </Button>
    </TableCell>
  );
}

/** A catalogue list: its headings (`>` aligns a column right) and an Actions column last. */
function CatalogueTable({
  label,
  columns,
  pending,
  children,
}: {
  label: string;
  columns: string[];
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={label} size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} align={c.startsWith('>') ? 'right' : 'left'}>
                {c.replace(/^>/, '')}
              </TableCell>
            ))}
            <TableCell align="right">
              <span className="visually-hidden">Actions</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {pending && (
            <TableRow>
              {[...columns, ''].map((c) => (
                <TableCell key={c}>
                  <Skeleton />
                </TableCell>
              ))}
            </TableRow>
          )}
          {children}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

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
  const form = useFields({
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
  });
  const { values: v } = form;
  const submit = () => {
    const kg = num(v.MaxWeight);
    const checked = checkForm(productInputSchema, {
      ...v,
      Price: num(v.Price),
      SortOrder: num(v.SortOrder),
      Length: num(v.Length),
      Width: num(v.Width),
      Height: num(v.Height),
      MaxWeight: kg === undefined ? undefined : Math.round(kg * 1000),
      TTLMDProductCode: num(v.TTLMDProductCode),
    });
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    save.mutate(
      { id: band?.Id, body: checked.data },
      { onSuccess: onClose, onError: (e) => form.setErrors(serverFieldErrors(e)) },
    );
  };
  const mm = { input: { endAdornment: <InputAdornment position="end">mm</InputAdornment> } };
  return (
    <FormDialog
      title={band ? `Edit price band ${band.Code}` : 'Add a price band'}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error}
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
        {...form.text('TTLMDProductCode', 'Image')}
        select
        helperText={form.errors.TTLMDProductCode ?? 'The box picture shown with the band'}
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
        <FormControlLabel control={<Switch {...form.toggle('enabled')} />} label="Enabled" />
        <FormControlLabel
          control={<Switch {...form.toggle('public')} />}
          label="Public (offered on the site)"
        />
      </Stack>
    </FormDialog>
  );
}

// --- extras ---------------------------------------------------------------------------------------

function Extras() {
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
  const form = useFields({
    Name: extra?.Name ?? '',
    Description: extra?.Description ?? '',
    Price: extra ? extra.Price.toFixed(2) : '',
    SortOrder: String(extra?.SortOrder ?? nextOrder),
    Shown: extra?.Enabled === false ? 'hidden' : 'offered',
  });
  const { values: v } = form;
  const submit = () => {
    const checked = checkForm(extraInputSchema, {
      Name: v.Name,
      Description: v.Description,
      Price: num(v.Price),
      SortOrder: num(v.SortOrder),
      Enabled: v.Shown === 'offered',
    });
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    save.mutate(
      { id: extra?.Id, body: checked.data },
      { onSuccess: onClose, onError: (e) => form.setErrors(serverFieldErrors(e)) },
    );
  };
  return (
    <FormDialog
      title={extra ? `Edit ${extra.Name}` : 'Add an extra'}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={save.error}
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

// --- discount codes -------------------------------------------------------------------------------

const termsOf = (d: Discount) =>
  describeDiscount({
    kind: d.Kind,
    percent: d.Percent,
    amountPence: d.Amount === null ? null : toPence(d.Amount),
    minSpendPence: toPence(d.MinSpend),
  });

function validity(d: Discount) {
  if (d.ValidFrom && d.ValidTo) return `${d.ValidFrom} to ${d.ValidTo}`;
  if (d.ValidFrom) return `from ${d.ValidFrom}`;
  if (d.ValidTo) return `until ${d.ValidTo}`;
  return 'always';
}

function DiscountCodes() {
  const { values, page, perPage, set } = useListView({ q: '' });
  const { q } = values;
  const list = useDiscounts({ q, page, itemsPerPage: perPage });
  const setEnabled = useSetDiscountEnabled();
  const [creating, setCreating] = useState(false);
  const [usesOf, setUsesOf] = useState<Discount | null>(null);
  const [search, setSearch] = useState(q);
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between' }}
      >
        <Box
          component="form"
          role="search"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            set({ q: search.trim() });
          }}
        >
          <TextField
            size="small"
            label="Search codes"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </Box>
        <Button variant="contained" onClick={() => setCreating(true)}>
          New discount code
        </Button>
      </Stack>
      {(list.error ?? setEnabled.error) && (
        <Alert severity="error">{problem(list.error ?? setEnabled.error)}</Alert>
      )}
      <CatalogueTable
        label="Discount codes"
        columns={['Code', 'Takes off', 'Valid', 'Limits', '>Used', 'Status']}
        pending={list.isPending}
      >
        {list.data?.items.length === 0 && (
          <TableRow>
            <TableCell colSpan={7}>No discount codes{q ? ` match “${q}”` : ''}.</TableCell>
          </TableRow>
        )}
        {(list.data?.items ?? []).map((d) => (
          <TableRow key={d.Id}>
            <TableCell>
              <strong>{d.Code}</strong>
              <Typography variant="body2" color="text.secondary">
                {d.Description}
              </Typography>
            </TableCell>
            <TableCell>
              {termsOf(d)}
              {d.MinSpend > 0 && ` (min. ${formatPounds(d.MinSpend)})`}
            </TableCell>
            <TableCell>{validity(d)}</TableCell>
            <TableCell>
              {d.MaxUses === null ? 'no limit' : `${d.MaxUses} in all`}
              {d.MaxUsesPerCustomer !== null && `, ${d.MaxUsesPerCustomer} per customer`}
            </TableCell>
            <TableCell align="right">
              {d.Redeemed}
              {d.Reserved > 0 && ` (+${d.Reserved} pending)`}
            </TableCell>
            <StateCell on={d.Enabled} label={d.Enabled ? 'Active' : 'Disabled'} />
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Button size="small" onClick={() => setUsesOf(d)}>
                Uses<span className="visually-hidden"> of {d.Code}</span>
              </Button>
              <Button
                size="small"
                onClick={() => setEnabled.mutate({ id: d.Id, enabled: !d.Enabled })}
              >
                {d.Enabled ? 'Disable' : 'Enable'}
                <span className="visually-hidden"> {d.Code}</span>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </CatalogueTable>
      {list.data && (
        <ListPager total={list.data.total} page={page} perPage={perPage} onChange={set} />
      )}
      {creating && <DiscountDialog onClose={() => setCreating(false)} />}
      {usesOf && <UsesDialog discount={usesOf} onClose={() => setUsesOf(null)} />}
    </Stack>
  );
}

function DiscountDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateDiscount();
  const form = useFields({
    Code: '',
    Description: '',
    Kind: 'percent',
    Percent: '',
    Amount: '',
    MinSpend: '',
    ValidFrom: '',
    ValidTo: '',
    MaxUses: '',
    MaxUsesPerCustomer: '',
  });
  const { values: v } = form;
  const submit = () => {
    const optional = (text: string) => num(text) ?? null;
    const checked = checkForm(createDiscountSchema, {
      Code: v.Code,
      Description: v.Description,
      Kind: v.Kind,
      Percent: v.Kind === 'percent' ? optional(v.Percent) : null,
      Amount: v.Kind === 'fixed' ? optional(v.Amount) : null,
      MinSpend: optional(v.MinSpend),
      ValidFrom: v.ValidFrom || null,
      ValidTo: v.ValidTo || null,
      MaxUses: optional(v.MaxUses),
      MaxUsesPerCustomer: optional(v.MaxUsesPerCustomer),
    });
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    create.mutate(checked.data, {
      onSuccess: onClose,
      onError: (e) => form.setErrors(serverFieldErrors(e)),
    });
  };
  const date = { type: 'date', slotProps: { inputLabel: { shrink: true } } };
  return (
    <FormDialog
      title="New discount code"
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending}
      error={create.error}
      submitLabel="Create code"
    >
      <TextField
        {...form.text('Code', 'Code', {
          helperText: '3 to 32 letters, digits or hyphens; customers type it at checkout',
        })}
        required
      />
      <TextField {...form.text('Description', 'Description')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.text('Kind', 'Kind')} select>
          {DISCOUNT_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {kind === 'percent' ? 'Percentage off' : 'Fixed amount off'}
            </MenuItem>
          ))}
        </TextField>
        {v.Kind === 'percent' ? (
          <TextField
            {...form.text('Percent', 'Percent off', {
              slotProps: {
                input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
              },
            })}
            required
          />
        ) : (
          <TextField {...form.text('Amount', 'Amount off', { slotProps: pounds })} required />
        )}
      </Stack>
      <TextField
        {...form.text('MinSpend', 'Minimum spend', {
          slotProps: pounds,
          helperText: 'Leave empty for none',
        })}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.text('ValidFrom', 'Valid from', date)} />
        <TextField {...form.text('ValidTo', 'Valid until', date)} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...form.text('MaxUses', 'Uses in all', { helperText: 'Leave empty for no limit' })}
        />
        <TextField
          {...form.text('MaxUsesPerCustomer', 'Uses per customer', {
            helperText: 'Leave empty for no limit',
          })}
        />
      </Stack>
    </FormDialog>
  );
}

const USE_STATUS = { reserved: 'Payment pending', redeemed: 'Paid', released: 'Given back' };

function UsesDialog({ discount, onClose }: { discount: Discount; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const uses = useDiscountUses(discount.Id, page);
  const pages = uses.data ? Math.ceil(uses.data.total / uses.data.itemsPerPage) : 0;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Uses of {discount.Code}</DialogTitle>
      <DialogContent>
        {uses.isError && <Alert severity="error">{problem(uses.error)}</Alert>}
        {uses.data?.total === 0 && <Typography>No checkout has used this code yet.</Typography>}
        {!!uses.data?.items.length && (
          <Table aria-label={`Uses of ${discount.Code}`} size="small">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>Checkout</TableCell>
                <TableCell align="right">Took off</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {uses.data.items.map((use) => (
                <TableRow key={use.Id}>
                  <TableCell>{new Date(use.At).toLocaleString('en-GB')}</TableCell>
                  <TableCell>
                    {use.Customer.Name} ({use.Customer.Reference})
                  </TableCell>
                  <TableCell>{use.Checkout.Reference}</TableCell>
                  <TableCell align="right">{formatPounds(use.Checkout.Discount)}</TableCell>
                  <TableCell>{USE_STATUS[use.Status]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {pages > 1 && (
          <Pagination
            sx={{ mt: 2 }}
            count={pages}
            page={page}
            onChange={(_e, p) => setPage(p)}
            aria-label="Pages of uses"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
