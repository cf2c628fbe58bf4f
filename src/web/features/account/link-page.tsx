import type { ReactNode } from 'react';
import { Box, Button, Container, Typography } from '@mui/material';
import { openLogin, type LoginOptions } from './dialog-store';

/** The frame of the pages opened from an e-mailed link (reset password, confirm e-mail). */
export function LinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Container>
  );
}

/** A page's own action button, on a line of its own. */
export function PageButton(props: { onClick: () => void; loading?: boolean; children: ReactNode }) {
  return (
    <Box>
      <Button variant="contained" {...props} />
    </Box>
  );
}

/** Login, on a line of its own: opens the login dialog, with a message when given. */
export function LoginButton({ options }: { options?: LoginOptions }) {
  return <PageButton onClick={() => openLogin(options)}>Login</PageButton>;
}
