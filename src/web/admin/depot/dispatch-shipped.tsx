import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
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
  Typography,
} from '@mui/material';
import { carrierOf } from '../../../shared/carriers';
import { useDeliver } from './api/depot';
import { CustomsCell, shownDate } from './dispatch-customs';
import { parcelName, usePagedParcels } from './depot-parts';
import { forChosen, GroupCheckbox, plural, useSelection, WIDE } from './dispatch-selection';
import { problem } from '../kit/problem';

// The dispatch screen's Shipped section (dispatch-page.tsx): the parcels on their way, a page at
// a time, with their carrier, tracking and customs, marked delivered one by one or together.

export function Shipped() {
  const { list, pager } = usePagedParcels('dispatched');
  const deliver = useDeliver();
  const { selected, toggle, clear } = useSelection();
  const [done, setDone] = useState<string | null>(null);
  const items = list.data?.items ?? [];
  const ids = items.map((p) => p.OrderId!);
  const chosen = ids.filter((id) => selected.has(id));

  const markDelivered = (orderIds: number[]) => {
    setDone(null);
    deliver.mutate(orderIds, {
      onSuccess: ({ Delivered }) => {
        clear();
        setDone(`${plural(Delivered.length, 'parcel')} marked delivered.`);
      },
    });
  };

  return (
    <Stack component="section" aria-labelledby="shipped-title" spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h2" id="shipped-title">
          Shipped
        </Typography>
        <Button
          variant="outlined"
          disabled={chosen.length === 0}
          loading={deliver.isPending}
          onClick={() => markDelivered(chosen)}
        >
          {forChosen(chosen.length, 'Mark', 'delivered')}
        </Button>
      </Stack>
      {done && (
        <Alert severity="success" role="status">
          {done}
        </Alert>
      )}
      {deliver.isError && <Alert severity="error">{problem(deliver.error)}</Alert>}
      {list.isError && <Alert severity="error">{problem(list.error)}</Alert>}
      {list.isPending && <Skeleton variant="rounded" height={120} />}
      {list.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label="Shipped parcels" size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <GroupCheckbox
                    ids={ids}
                    selected={selected}
                    onToggle={toggle}
                    label="Select all shipped parcels on this page"
                  />
                </TableCell>
                <TableCell>Order</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>Island</TableCell>
                <TableCell>Tracking</TableCell>
                <TableCell sx={WIDE}>Sailed</TableCell>
                <TableCell>Customs</TableCell>
                <TableCell align="right">Delivery</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>Nothing is on its way.</TableCell>
                </TableRow>
              )}
              {items.map((parcel) => {
                const name = parcelName(parcel);
                const carrier = parcel.Carrier ? carrierOf(parcel.Carrier)?.name : null;
                return (
                  <TableRow key={parcel.Id} selected={selected.has(parcel.OrderId!)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(parcel.OrderId!)}
                        onChange={() => toggle([parcel.OrderId!])}
                        slotProps={{ input: { 'aria-label': `Select ${name}` } }}
                      />
                    </TableCell>
                    <TableCell>{name}</TableCell>
                    <TableCell>{parcel.Customer?.Name}</TableCell>
                    <TableCell>{parcel.Island}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {carrier}
                      <br />
                      {parcel.TrackingUrl ? (
                        <Link href={parcel.TrackingUrl} target="_blank" rel="noreferrer">
                          {parcel.TrackingNumber}
                        </Link>
                      ) : (
                        parcel.TrackingNumber
                      )}
                    </TableCell>
                    <TableCell sx={WIDE}>
                      {parcel.SailingDate && shownDate(parcel.SailingDate)}
                    </TableCell>
                    <TableCell>
                      <CustomsCell parcel={parcel} />
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        onClick={() => markDelivered([parcel.OrderId!])}
                        aria-label={`Mark ${name} delivered`}
                        disabled={deliver.isPending}
                      >
                        Mark delivered
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {pager}
        </TableContainer>
      )}
    </Stack>
  );
}
