import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Link } from 'react-router';
import { stepPath } from '../../../shared/booking-steps';
import { basketItemTitle } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';
import { emptyTheBasket, removeOrder } from '../order/booking-store';
import { PRICES_UNAVAILABLE } from '../catalogue/price-bands';
import { BasketItemCard } from './basket-item-card';
import { BasketIcon, DeleteIcon, EditIcon } from '../../components/mui-icons';
import { useBasket } from './use-basket';

/**
 * The basket (SPEC section 2, /basket/): each booking in the spec's item display, with Edit (back
 * into its steps), Remove, Empty basket and the total.
 */
export function BasketPage() {
  const { items, totalPence, isPending, isError } = useBasket();
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = (id: number, title: string) => {
    removeOrder(id);
    setAnnouncement(`${title} removed from your basket.`);
    headingRef.current?.focus();
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography
        variant="h1"
        ref={headingRef}
        tabIndex={-1}
        sx={{ mb: 3, fontSize: { xs: '1.75rem', md: '2.25rem' }, outline: 'none' }}
      >
        Your basket
      </Typography>
      <div role="status" aria-live="polite" data-testid="basket-status">
        {announcement && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {announcement}
          </Alert>
        )}
      </div>
      {isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {PRICES_UNAVAILABLE}
        </Alert>
      )}
      {items.length === 0 ? (
        <Card variant="outlined">
          <CardContent sx={{ textAlign: 'center', py: 5 }}>
            <BasketIcon color="disabled" sx={{ fontSize: 48 }} />
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 1 }}>
              Your basket is empty
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Book a delivery for a parcel a UK retailer is sending to our depot.
            </Typography>
            <Button component={Link} to="/order/" variant="contained">
              Add a delivery
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map(({ booked, needs }) =>
              isPending ? (
                <Skeleton key={booked.Id} component="li" variant="rounded" height={160} />
              ) : (
                <li key={booked.Id}>
                  <BasketItemCard
                    booked={booked}
                    needs={needs}
                    actions={
                      <>
                        <Button
                          component={Link}
                          to={stepPath(needs ?? 'size', booked.Id)}
                          startIcon={<EditIcon />}
                          aria-label={`Edit ${basketItemTitle(booked)}`}
                        >
                          Edit
                        </Button>
                        <Button
                          color="error"
                          startIcon={<DeleteIcon />}
                          onClick={() => remove(booked.Id, basketItemTitle(booked))}
                          aria-label={`Remove ${basketItemTitle(booked)}`}
                        >
                          Remove
                        </Button>
                      </>
                    }
                  />
                </li>
              ),
            )}
          </Stack>
          <Card variant="outlined" sx={{ mt: 3 }}>
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="h2" component="p" sx={{ fontSize: '1.25rem' }}>
                  Order Total
                </Typography>
                <Typography
                  variant="h2"
                  component="p"
                  sx={{ fontSize: '1.25rem' }}
                  data-testid="basket-total"
                >
                  {isPending ? '…' : formatMoney(totalPence)}
                </Typography>
              </Stack>
            </CardContent>
          </Card>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
            <Button variant="text" color="error" onClick={() => setConfirmEmpty(true)}>
              Empty basket
            </Button>
            <Button
              component={Link}
              to="/order/"
              variant="outlined"
              sx={{ ml: { sm: 'auto !important' } }}
            >
              Add another delivery
            </Button>
            <Button component={Link} to="/checkout/" variant="contained" size="large">
              Checkout
            </Button>
          </Stack>
        </>
      )}
      <Dialog
        open={confirmEmpty}
        onClose={() => setConfirmEmpty(false)}
        aria-labelledby="empty-title"
        aria-describedby="empty-text"
      >
        <DialogTitle id="empty-title">Empty your basket?</DialogTitle>
        <DialogContent>
          <DialogContentText id="empty-text">
            All {items.length} booking{items.length === 1 ? '' : 's'} will be removed from this
            browser.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmEmpty(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              emptyTheBasket();
              setConfirmEmpty(false);
              setAnnouncement('Your basket is now empty.');
            }}
          >
            Empty basket
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
