import type { ReactNode } from 'react';
import {
  Button,
  Chip,
  InputAdornment,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';

// What the catalogue's three tabs share: a number typed, the pound sign, the table and its cells.

/** A number typed in a text field: empty is missing (the schema says so), not zero. */
export const num = (text: string) => (text.trim() === '' ? undefined : Number(text));

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
