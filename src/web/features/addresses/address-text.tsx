import { Box, Typography } from '@mui/material';
import { addressLines } from '../../../shared/addresses';
import type { Address } from '../../../shared/api/addresses';

/** An address as a postal address block: the name in bold, a line each, then the telephone. */
export function AddressText({ address }: { address: Address }) {
  const [name, ...lines] = addressLines(address);
  return (
    <Box component="address" sx={{ fontStyle: 'normal', overflowWrap: 'anywhere' }}>
      <Typography sx={{ fontWeight: 700 }}>{name}</Typography>
      {lines.map((line, i) => (
        <Typography key={i} variant="body2">
          {line}
        </Typography>
      ))}
      {address.Telephone && (
        <Typography variant="body2" color="text.secondary">
          Tel. {address.Telephone}
        </Typography>
      )}
    </Box>
  );
}

/** An address already written as lines (an order's delivery address), a line each. */
export function AddressLines({ lines }: { lines: readonly string[] }) {
  return (
    <Box component="address" sx={{ fontStyle: 'normal' }}>
      {lines.map((line, i) => (
        <Box key={i}>{line}</Box>
      ))}
    </Box>
  );
}
