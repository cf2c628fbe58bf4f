import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Button,
  Chip,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { CustomerState } from '../../../shared/api/customers-admin';
import { formatDisplayDate } from '../../../shared/dates';
import { useCustomers } from './api/customers';
import { ListPager, listQuery, useListView } from '../kit/list-view';
import { problem } from '../kit/problem';

/** A customer account's state as a chip: active, disabled or deleted. */
export function CustomerStateChip({ state }: { state: CustomerState }) {
  const color = state === 'Active' ? 'success' : state === 'Disabled' ? 'warning' : 'default';
  return <Chip size="small" label={state} color={color} />;
}

/**
 * /admin/customers/ (office, admin): find a customer by their reference, part of their e-mail
 * address or of their name; a page at a time, the newest accounts first. The search and the page
 * are in the address, so reloading or going back shows the same list.
 */
export function CustomersPage() {
  const { values, page, perPage, set } = useListView({ search: '' });
  const list = useCustomers(listQuery(values, page, perPage));
  const [typed, setTyped] = useState(values.search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ search: typed.trim() });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Customers
      </Typography>
      <Stack
        component="form"
        role="search"
        aria-label="Find customers"
        onSubmit={submit}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
      >
        <TextField
          label="Reference, e-mail or name"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          size="small"
          sx={{ flex: 1, maxWidth: { sm: 480 } }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Button type="submit" variant="contained">
          Search
        </Button>
        {values.search && (
          <Button
            onClick={() => {
              setTyped('');
              set({ search: '' });
            }}
          >
            Clear
          </Button>
        )}
      </Stack>
      {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={240} />}
      {list.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Customers">
            <TableHead>
              <TableRow>
                <TableCell>Reference</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Account</TableCell>
                <TableCell align="right">Orders</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Registered</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>
                    {values.search
                      ? `No customer matches “${values.search}”.`
                      : 'No customers yet.'}
                  </TableCell>
                </TableRow>
              )}
              {list.data.items.map((c) => (
                <TableRow key={c.Id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/admin/customers/${c.Id}`}>
                      {c.Reference}
                    </Link>
                  </TableCell>
                  <TableCell>{c.Name || '–'}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {c.Email ?? '–'}
                    {c.Email && !c.EmailValidated && (
                      <Typography variant="body2" color="text.secondary">
                        not validated
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <CustomerStateChip state={c.Status} />
                  </TableCell>
                  <TableCell align="right">{c.Orders}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {formatDisplayDate(new Date(c.Created))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ListPager total={list.data.total} page={page} perPage={perPage} onChange={set} />
        </TableContainer>
      )}
    </Stack>
  );
}
