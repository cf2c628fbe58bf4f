import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link, useSearchParams } from 'react-router';
import { CheckCircleIcon } from '../../components/mui-icons';

/** /quote-confirm/: the quote request was received, and what happens next. */
export function QuoteConfirm() {
  const [params] = useSearchParams();
  const reference = params.get('ref');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <CheckCircleIcon color="success" fontSize="large" />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          Quote request sent
        </Typography>
      </Stack>
      {reference && (
        <Typography sx={{ mb: 2 }}>
          Your reference is <strong data-testid="quote-reference">{reference}</strong>.
        </Typography>
      )}
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mt: 3, mb: 1 }}>
        What happens next
      </Typography>
      <Box component="ol" sx={{ pl: 3, '& li': { mb: 1, lineHeight: 1.6 } }}>
        <li>
          We look at the size, weight and destination, and work out a price, usually within one
          working day.
        </li>
        <li>
          We e-mail you when your quote is ready. You will also find it under Order History in My
          Account.
        </li>
        <li>Accept the quote there and pay for it; decline it if it is not for you.</li>
        <li>
          Once paid, send your parcel to our Portsmouth depot with your customer reference, and we
          do the rest.
        </li>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
        <Button component={Link} to="/dashboard/orders/" variant="contained">
          Order History
        </Button>
        <Button component={Link} to="/order/" variant="outlined">
          Book a delivery
        </Button>
      </Stack>
    </Container>
  );
}
