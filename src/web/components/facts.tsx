import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** Label and value rows, as a description list (a screen reader reads them in pairs). */
export function Facts({ rows }: { rows: [string, ReactNode, string?][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 1 },
        m: 0,
        '& dt': { color: 'text.secondary', typography: 'body2', pt: { xs: 1, sm: 0.25 } },
        '& dd': { m: 0, typography: 'body1', overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([label, value, testId]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}
