import { Box, Button, Divider, Popover, Skeleton, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { AppProviders } from '../../components/app-providers';
import { boxImagesFor } from '../../../shared/box-images';
import { basketItemTitle, orderLabel } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';
import { orderTotalPence } from '../../../shared/pricing';
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
    <Popover
      id="basket-menu-panel"
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': 'basket-menu-title',
          sx: { width: 340, maxWidth: 'calc(100vw - 16px)', p: 2 },
          'data-testid': 'basket-menu-panel',
        } as object,
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
              <Box
                component="img"
                src={boxImagesFor(booked.Product?.TTLMDProductCode)[0]}
                alt=""
                width={40}
                height={40}
              />
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
    </Popover>
  );
}
