import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Box, Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import type { OrderItemLines } from '../../../shared/api/item-lines';
import { countryOptions } from '../../../shared/countries';
import {
  emptyItemLineForm,
  itemLineErrors,
  itemLineForm,
  itemLineFromForm,
  type ItemLineField,
  type ItemLineForm,
} from '../../../shared/item-lines';
import {
  ITEM_LINE_LIMITS,
  itemLinesMismatch,
  itemLinesTotalPence,
} from '../../../shared/item-lines-value';
import { DETAILS_RULES } from '../../../shared/booking-steps';
import { formatMoney, toPence } from '../../../shared/money';
import { validateField } from '../../../shared/validation/form';
import { focusFirstError } from '../../lib/focus';
import { useItemLines, useSaveItemLines } from './api/depot';
import { FormAlert } from '../kit/form-alert';
import { formError, serverFieldErrors } from '../kit/form-state';
import { CloseIcon } from '../kit/mui-icons';
import { problem } from '../kit/problem';

const COLUMNS: { field: ItemLineField; label: string; width: number | string }[] = [
  { field: 'Description', label: 'Item', width: '1 1 220px' },
  { field: 'Quantity', label: 'Qty', width: '0 0 80px' },
  { field: 'ValueEach', label: 'Value of one (£)', width: '0 0 130px' },
  { field: 'Origin', label: 'Made in', width: '0 0 190px' },
  { field: 'CommodityCode', label: 'Commodity code', width: '0 0 150px' },
];

/**
 * The booking's goods line by line, completed or corrected at receipt from the retailer's
 * invoice (decision 0040): PUT /api/admin/depot/orders/{Id}/item-lines, audited. Keyboard first:
 * Tab through a line, Enter adds the next line (focus in its Item field), Ctrl+Enter saves. The
 * shared rules check each field as the customer's booking screen does; the lines must add up to
 * the declared value, which may be corrected here too when the invoice shows another.
 */
export function ItemLinesEditor({ orderId }: { orderId: number }) {
  const current = useItemLines(orderId);
  if (current.isError) return <Alert severity="error">{problem(current.error)}</Alert>;
  if (!current.data) return null;
  return <Editor key={orderId} orderId={orderId} current={current.data} />;
}

function Editor({ orderId, current }: { orderId: number; current: OrderItemLines }) {
  const save = useSaveItemLines(orderId);
  const [lines, setLines] = useState<ItemLineForm[]>(() =>
    current.ItemLines.length > 0 ? current.ItemLines.map(itemLineForm) : [emptyItemLineForm()],
  );
  const [declared, setDeclared] = useState(current.ItemValue.toFixed(2));
  const [sent, setSent] = useState(false);
  const [saved, setSaved] = useState<OrderItemLines | null>(null);
  const boxRef = useRef<HTMLFormElement>(null);
  const focusLine = (index: number) =>
    requestAnimationFrame(() =>
      boxRef.current
        ?.querySelector<HTMLInputElement>(`[name="ItemLines.${index}.Description"]`)
        ?.focus(),
    );

  const declaredError = validateField(declared, DETAILS_RULES.ItemValue);
  const declaredPence = declaredError ? null : toPence(Number(declared));
  const valid = lines.flatMap((line) => itemLineFromForm(line) ?? []);
  const mismatch =
    declaredPence === null || valid.length !== lines.length
      ? null
      : itemLinesMismatch(valid, declaredPence);
  const serverErrors = Object.entries(serverFieldErrors(save.error));

  const set = (index: number, field: ItemLineField, value: string) => {
    setSaved(null);
    setLines(lines.map((line, i) => (i === index ? { ...line, [field]: value } : line)));
  };
  const add = () => {
    if (lines.length >= ITEM_LINE_LIMITS.lines) return;
    setLines([...lines, emptyItemLineForm()]);
    focusLine(lines.length);
  };
  const remove = (index: number) => {
    setLines(lines.filter((_, i) => i !== index));
    focusLine(Math.max(0, index - 1));
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setSent(true);
    if (declaredPence === null || valid.length !== lines.length || mismatch) {
      focusFirstError(boxRef.current);
      return;
    }
    save.mutate(
      {
        ItemLines: valid,
        ...(declaredPence === toPence(current.ItemValue) ? {} : { ItemValue: Number(declared) }),
      },
      { onSuccess: setSaved },
    );
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) submit();
    else if (index === lines.length - 1) add();
    else focusLine(index + 1);
  };

  return (
    <Paper
      component="form"
      ref={boxRef}
      variant="outlined"
      aria-label={`Item lines of ${current.Reference}`}
      onSubmit={submit}
      noValidate
      sx={{ p: 2 }}
    >
      <Stack spacing={2}>
        <Box>
          <Typography variant="h6" component="h2">
            Item lines of {current.Reference}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            From the retailer’s invoice: the customer booked “{current.ItemDescription}”. Enter adds
            a line, Ctrl+Enter saves.
          </Typography>
        </Box>
        <TextField
          label="Declared value (£)"
          name="ItemValue"
          value={declared}
          onChange={(e) => {
            setSaved(null);
            setDeclared(e.target.value);
          }}
          error={sent && declaredError !== undefined}
          helperText={sent ? declaredError : undefined}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ maxWidth: 220 }}
        />
        {lines.map((line, index) => {
          const errors = itemLineErrors(line);
          return (
            <Stack
              key={index}
              direction="row"
              spacing={1}
              useFlexGap
              role="group"
              aria-label={`Item line ${index + 1}`}
              data-testid="depot-item-line"
              sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
              onKeyDown={onKeyDown(index)}
            >
              {COLUMNS.map(({ field, label, width }) => (
                <TextField
                  key={field}
                  label={label}
                  name={`ItemLines.${index}.${field}`}
                  value={line[field]}
                  onChange={(e) => set(index, field, e.target.value)}
                  select={field === 'Origin'}
                  required={field !== 'CommodityCode'}
                  error={sent && errors[field] !== undefined}
                  helperText={sent ? errors[field] : undefined}
                  size="small"
                  sx={{ flex: width }}
                  slotProps={
                    field === 'Origin'
                      ? { select: { native: true } }
                      : {
                          htmlInput: {
                            inputMode:
                              field === 'Description'
                                ? 'text'
                                : field === 'ValueEach'
                                  ? 'decimal'
                                  : 'numeric',
                          },
                        }
                  }
                >
                  {field === 'Origin'
                    ? countryOptions().map((c) => (
                        <option key={c.code} value={c.code}>
                          {c.name}
                        </option>
                      ))
                    : null}
                </TextField>
              ))}
              <IconButton
                aria-label={`Remove item line ${index + 1}`}
                onClick={() => remove(index)}
                disabled={lines.length === 1}
              >
                <CloseIcon />
              </IconButton>
            </Stack>
          );
        })}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button onClick={add} disabled={lines.length >= ITEM_LINE_LIMITS.lines}>
            Add a line
          </Button>
          <Typography variant="body2" data-testid="depot-lines-total">
            Lines total {formatMoney(itemLinesTotalPence(valid))}
            {declaredPence !== null && ` of ${formatMoney(declaredPence)} declared`}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save item lines
          </Button>
        </Stack>
        {mismatch && (
          <Alert severity="warning" data-testid="depot-lines-mismatch">
            {mismatch}
          </Alert>
        )}
        {serverErrors.map(([field, error]) => (
          <Alert key={field} severity="error">
            {error}
          </Alert>
        ))}
        <FormAlert severity="error">{formError(save.error)}</FormAlert>
        {saved && (
          <Alert severity="success" role="status" data-testid="depot-lines-saved">
            Saved {saved.ItemLines.length} item {saved.ItemLines.length === 1 ? 'line' : 'lines'} of{' '}
            {saved.Reference}: {formatMoney(toPence(saved.LinesTotal))}.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
