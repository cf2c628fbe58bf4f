import type { FormEvent, ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  type DialogProps,
} from '@mui/material';
import { FormAlert } from './form-alert';

interface FormProps {
  /** The form's accessible name (the title's words by default). */
  label?: string;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  /** The form-level error (`formError` of use-zod-form.ts), if any. */
  error: string | undefined;
  submitLabel?: string;
  /** The way back's words: 'Cancel', or 'Back' where cancelling is what the form does. */
  cancelLabel?: string;
  onCancel: () => void;
  /** A red submit button, for what cannot be undone. */
  danger?: boolean;
  /** A submit button that cannot be pressed (the form says why). */
  disabled?: boolean;
  /** One more way out, before the way back (`Another order`). */
  other?: { label: string; onClick: () => void };
  children: ReactNode;
}

/**
 * A form in a dialog (its fields bound by use-zod-form.ts): the form-level error once over the
 * fields, then the way back and the submit button, busy while the send is out. A dialog that
 * shows one of several forms (a calendar day's) puts it in its own; FormDialog is the usual one.
 */
export function DialogForm({
  title,
  label = title,
  onSubmit,
  pending,
  error,
  submitLabel = 'Save',
  cancelLabel = 'Cancel',
  onCancel,
  danger = false,
  disabled,
  other,
  children,
}: FormProps & { title?: string }) {
  return (
    <Box component="form" noValidate aria-label={label} onSubmit={onSubmit}>
      {title && <DialogTitle>{title}</DialogTitle>}
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormAlert severity="error">{error}</FormAlert>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        {other && <Button onClick={other.onClick}>{other.label}</Button>}
        <Button onClick={onCancel}>{cancelLabel}</Button>
        <Button
          type="submit"
          variant="contained"
          color={danger ? 'error' : 'primary'}
          loading={pending}
          disabled={disabled}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The back office's one dialog with a form: its title, then the form (DialogForm). */
export function FormDialog({
  title,
  open = true,
  onClose,
  maxWidth = 'sm',
  ...form
}: Omit<FormProps, 'onCancel'> & {
  title: string;
  open?: boolean;
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth}>
      <DialogForm title={title} onCancel={onClose} {...form} />
    </Dialog>
  );
}
