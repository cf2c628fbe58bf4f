import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** A label, its value, and an optional test id for the value. */
export type Fact = [label: string, value: ReactNode, testId?: string];

/**
 * Labels and values as a description list (a screen reader reads each pair): stacked on phones,
 * side by side from the small breakpoint, the labels in a column `labelWidth` px wide.
 */
export function FactList({ rows, labelWidth = 160 }: { rows: Fact[]; labelWidth?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `${labelWidth}px minmax(0, 1fr)` },
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
