import { Box, Button, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { AppProviders } from '../../components/app-providers';
import { HeaderPopover } from '../../components/header-popover';
import { basketItemTitle, orderLabel } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
import { BoxImage } from './box-image';
import { useBasket } from './use-basket';

interface Props {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The basket menu's dropdown, with MUI and TanStack Query (loaded with it). */
export default function BasketMenuPanel(props: Props) {
  return (
    <AppProviders>
      <Panel {...props} />
    </AppProviders>
  );
}

/** The bookings, the Order Total, and Basket and Checkout. */
function Panel({ anchor, onClose }: Props) {
  const { items, totalPence, isPending } = useBasket();
  return (
    <HeaderPopover
      id="basket-menu-panel"
      anchor={anchor}
      onClose={onClose}
      paper={{
        'aria-labelledby': 'basket-menu-title',
        'data-testid': 'basket-menu-panel',
        sx: { maxWidth: 'calc(100vw - 16px)', p: 2 },
      }}
    >
      <Typography id="basket-menu-title" variant="h3" component="h2" sx={{ mb: 1 }}>
        Your basket
      </Typography>
      <Stack
        component="ul"
        divider={<Divider component="li" aria-hidden />}
        sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 320, overflowY: 'auto' }}
      >
        {items.map(({ booked }) => {
          const title = basketItemTitle(booked);
          const label = orderLabel(booked);
          return (
            <Stack
              key={booked.Id}
              component="li"
              direction="row"
              spacing={1.5}
              sx={{ py: 1, alignItems: 'center' }}
              data-testid="basket-menu-item"
            >
              <BoxImage booked={booked} size={40} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {[label !== title && label, booked.ItemDescription].filter(Boolean).join(' · ')}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {isPending ? <Skeleton width={48} /> : formatMoney(orderTotalPence(booked))}
              </Typography>
            </Stack>
          );
        })}
      </Stack>
      <Divider sx={{ my: 1 }} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>Order Total</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="basket-menu-total">
          {isPending ? '…' : formatMoney(totalPence)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button component={Link} to="/basket/" variant="outlined" fullWidth onClick={onClose}>
          Basket
        </Button>
        <Button component={Link} to="/checkout/" variant="contained" fullWidth onClick={onClose}>
          Checkout
        </Button>
      </Stack>
    </HeaderPopover>
  );
}
