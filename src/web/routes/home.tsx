import { Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { readContent } from '../lib/content.server';
import { pageTitle } from '../lib/site';
import { PriceBands } from '../features/catalogue/price-bands';
import { ContentSections } from '../components/content-sections';

export function loader() {
  const page = readContent('pages/home.md', '/');
  if (!page) throw new Response('Not found', { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data?.title ?? 'Home') },
  { name: 'description', content: data?.description ?? '' },
];

export default function Home({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <Box
        component="section"
        sx={{ bgcolor: 'primary.dark', color: 'primary.contrastText', py: { xs: 5, md: 8 } }}
      >
        <Container maxWidth="md">
          <Typography variant="h1" gutterBottom>
            {page.heading}
          </Typography>
          {page.intro && (
            <Typography variant="h6" component="p" sx={{ fontWeight: 400, mb: 3 }}>
              {page.intro}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button
              component={Link}
              to="/order/"
              variant="contained"
              color="secondary"
              size="large"
            >
              Add a delivery
            </Button>
            <Button
              component={Link}
              to="/how-it-works/"
              variant="outlined"
              color="inherit"
              size="large"
            >
              How it works
            </Button>
          </Stack>
        </Container>
      </Box>
      <Container maxWidth="md" sx={{ py: 4 }}>
        <ContentSections sections={page.sections} blocks={{ 'price-bands': <PriceBands /> }} />
      </Container>
    </>
  );
}
