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
  InputAdornment,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { serverFieldErrors, type FieldErrors } from '../kit/field-errors';
import { problem } from '../kit/problem';

// What the catalogue's three tabs share: the form dialog, its fields, the table and its cells.

/** A number typed in a text field: empty is missing (the schema says so), not zero. */
export const num = (text: string) => (text.trim() === '' ? undefined : Number(text));

export function FormDialog({
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
export function useFields<V extends Record<string, string | boolean>>(initial: V) {
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

export const pounds = {
  input: { startAdornment: <InputAdornment position="start">£</InputAdornment> },
};

export function StateCell({ on, label }: { on: boolean; label: string }) {
  return (
    <TableCell>
      <Chip size="small" label={label} color={on ? 'success' : 'default'} />
    </TableCell>
  );
}

export function EditCell({ onClick, what }: { onClick: () => void; what: string }) {
  return (
    <TableCell align="right">
      <Button size="small" onClick={onClick}>
        Edit<span className="visually-hidden"> {what}</span>
      </Button>
    </TableCell>
  );
}

/** A catalogue list: its headings (`>` aligns a column right) and an Actions column last. */
export function CatalogueTable({
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
