import type { ReactNode } from 'react';
import { AppBar, Box, Button, Link as MuiLink, Stack, Toolbar, Typography } from '@mui/material';
import { Link } from 'react-router';
import { BRAND } from '../lib/site';
import { SiteFooter } from './site-footer';

/** The shared layout: header, the page, footer. The public-site issue fills in the rest. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppBar
        position="sticky"
        color="default"
        elevation={0}
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar component="nav" aria-label="Main" sx={{ gap: 2 }}>
          <MuiLink
            component={Link}
            to="/"
            underline="none"
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          >
            <img src="/logo.svg" alt="" width={32} height={32} />
            <Typography
              component="span"
              variant="h6"
              sx={{ fontWeight: 800, color: 'primary.dark' }}
            >
              {BRAND}
            </Typography>
          </MuiLink>
          <Stack
            direction="row"
            spacing={1}
            sx={{ flexGrow: 1, display: { xs: 'none', sm: 'flex' } }}
          >
            <Button component={Link} to="/how-it-works/" color="inherit">
              How it works
            </Button>
            <Button component={Link} to="/faqs/" color="inherit">
              FAQs
            </Button>
          </Stack>
          <Box sx={{ flexGrow: { xs: 1, sm: 0 } }} />
          <Button component={Link} to="/order/" variant="contained">
            Add a delivery
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" id="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
      <SiteFooter />
    </Box>
  );
}
