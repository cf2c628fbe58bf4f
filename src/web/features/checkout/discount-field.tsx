import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { CheckDiscountResult } from '../../../shared/api/checkout';
import { DISCOUNT_CODE_PATTERN, normaliseDiscountCode } from '../../../shared/discounts';
import { MESSAGES } from '../../../shared/validation/messages';

export const DISCOUNT_FORMAT_MESSAGE = 'A discount code is 3 to 32 letters, digits or hyphens.';

interface Props {
  /** The code applied (or being checked), or null. */
  code: string | null;
  /** What the server said the code takes off, once checked. */
  applied: CheckDiscountResult | null;
  checking: boolean;
  /** Why the code cannot be used, from the server, in plain words. */
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * The discount code (SPEC sections 3 and 4): a field with Apply; once the server has checked the
 * code, what it takes off and a Remove button; otherwise the reason under the field.
 */
export function DiscountField({ code, applied, checking, error, onApply, onRemove }: Props) {
  const [input, setInput] = useState(code ?? '');
  const [formatError, setFormatError] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const value = normaliseDiscountCode(input);
    if (!value) return setFormatError(MESSAGES.required);
    if (!DISCOUNT_CODE_PATTERN.test(value)) return setFormatError(DISCOUNT_FORMAT_MESSAGE);
    setFormatError(null);
    setInput(value);
    onApply(value);
  };

  if (applied && applied.Code === code) {
    return (
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between' }}
        data-testid="discount-applied"
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{applied.Code}</Typography>
          <Typography variant="body2" color="success.dark">
            {applied.Description} applied
          </Typography>
        </Box>
        <Button
          onClick={() => {
            setInput('');
            onRemove();
          }}
          aria-label={`Remove discount code ${applied.Code}`}
        >
          Remove
        </Button>
      </Stack>
    );
  }

  const message = formatError ?? (checking ? null : error);
  return (
    // Not a <form>: the checkout around it is one. Enter in the field applies the code.
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        id="discount-code"
        label="Discount code"
        size="small"
        value={input}
        onChange={(event) => {
          setInput(event.target.value);
          setFormatError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
        }}
        error={Boolean(message)}
        helperText={message ?? undefined}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" onClick={apply} loading={checking} sx={{ height: 40 }}>
        Apply
      </Button>
    </Stack>
  );
}
