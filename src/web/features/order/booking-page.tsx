import type { ReactNode } from 'react';
import { Alert, Box, Button, Container, Grid, Typography } from '@mui/material';
import { Link } from 'react-router';
import type { BookingStep } from '../../../shared/booking-steps';
import type { LocalOrder } from '../../../shared/local-order';
import { BookingStepper } from './booking-stepper';
import { BookingSummary } from './booking-summary';
import { useCatalogue } from './use-catalogue';

interface Props {
  step: BookingStep;
  title: string;
  intro?: ReactNode;
  /** The booking as stored now (null: not started, or removed meanwhile). */
  order: LocalOrder | null;
  /** Whether the page is for an existing booking (so a null order means it was removed). */
  existing: boolean;
  /** The steps are left out where nothing is being booked yet (the calculator). */
  steps?: boolean;
  children: ReactNode;
}

/** The frame of every booking step: the steps, the heading, the form, and the booking so far. */
export function BookingPage({
  step,
  title,
  intro,
  order,
  existing,
  steps = true,
  children,
}: Props) {
  const { resolve } = useCatalogue();
  // The extras step shows the price lines itself; the size step has no booking yet to sum up.
  const aside = order !== null && step !== 'size' && step !== 'additions';
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      {steps && <BookingStepper step={step} order={order} />}
      {existing && !order ? (
        <Alert
          severity="info"
          action={
            <Button component={Link} to="/order/" color="inherit">
              Start a booking
            </Button>
          }
        >
          This booking is no longer in this browser (it may have been removed in another tab).
        </Alert>
      ) : (
        <Grid container spacing={{ xs: 2, md: 4 }}>
          <Grid size={{ xs: 12, md: aside ? 8 : 12 }}>
            <Typography variant="h1" sx={{ mb: 1, fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
              {title}
            </Typography>
            {intro && (
              <Box sx={{ mb: 3, color: 'text.secondary', typography: 'body1' }}>{intro}</Box>
            )}
            {children}
          </Grid>
          {aside && order && (
            <Grid size={{ xs: 12, md: 4 }}>
              <BookingSummary booked={resolve(order)} />
            </Grid>
          )}
        </Grid>
      )}
    </Container>
  );
}
