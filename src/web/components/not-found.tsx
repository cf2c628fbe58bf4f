import { Button, Container, Typography } from '@mui/material';
import { Link, useLocation } from 'react-router';

interface Props {
  heading?: string;
  message?: string;
}

/** The not-found page; it names the path that was asked for (SPEC section 2). */
export function NotFound({ heading = 'Page not found', message }: Props) {
  const { pathname } = useLocation();
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h1" gutterBottom>
        {heading}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        {message ?? (
          <>
            We could not find <code data-testid="missing-path">{pathname}</code>. It may have moved,
            or the address may have a typo.
          </>
        )}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        Go to the home page
      </Button>
    </Container>
  );
}
