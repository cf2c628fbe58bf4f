import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  MenuItem,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { createDiscountSchema, type Discount } from '../../../shared/api/catalogue-admin';
import { describeDiscount, DISCOUNT_KINDS } from '../../../shared/discounts';
import { formatPounds, toPence } from '../../../shared/money';
import {
  useCreateDiscount,
  useDiscounts,
  useDiscountUses,
  useSetDiscountEnabled,
} from './api/catalogue';
import { FormDialog } from '../kit/form-dialog';
import { ListPager, useListView } from '../kit/list-view';
import { problem } from '../kit/problem';
import { useZodForm } from '../kit/use-zod-form';
import { num, pounds, StateCell, CatalogueTable } from './catalogue-parts';

// The catalogue's Discount codes tab: the codes, searched and paged in the address, and their uses.

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

export function DiscountCodes() {
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
  const optional = (text: string) => num(text) ?? null;
  const form = useZodForm(
    createDiscountSchema,
    {
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
    },
    {
      refusal: create.error,
      body: (v) => ({
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
      }),
    },
  );
  const { values: v } = form;
  const submit = form.handleSubmit((body) => create.mutate(body, { onSuccess: onClose }));
  const date = { type: 'date', slotProps: { inputLabel: { shrink: true } } };
  return (
    <FormDialog
      title="New discount code"
      onClose={onClose}
      onSubmit={submit}
      pending={create.isPending}
      error={form.formError}
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
