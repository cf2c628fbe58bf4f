import { Box, Typography } from '@mui/material';
import { basketPriceLines, type BasketItemOrder } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';

/**
 * A booking's price lines (SPEC section 2): Delivery Price, each extra, and a Subtotal only when
 * it differs from the Delivery Price. A description list, so a screen reader reads name and price.
 */
export function PriceLines({ order, dense = false }: { order: BasketItemOrder; dense?: boolean }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        columnGap: 2,
        rowGap: dense ? 0.25 : 0.5,
        m: 0,
        '& dt, & dd': { m: 0, typography: dense ? 'body2' : 'body1' },
        '& dd': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
      }}
      data-testid="price-lines"
    >
      {basketPriceLines(order).map((line, i) => (
        <Box
          key={`${line.label}-${i}`}
          sx={{
            display: 'contents',
            '& > *': line.label === 'Subtotal' ? { fontWeight: 700, pt: 0.5 } : {},
          }}
        >
          <Typography component="dt">{line.label}</Typography>
          <Typography component="dd">{formatMoney(line.pence)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
