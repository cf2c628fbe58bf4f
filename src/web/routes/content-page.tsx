import { Container, Typography } from '@mui/material';
import { data } from 'react-router';
import type { Route } from './+types/content-page';
import { contentFileFor, readContent } from '../lib/content.server';
import { pageTitle } from '../lib/site';
import { ContentSections } from '../components/content-sections';

/** Build time: the markdown page for this path (generic `/{slug}/` or dynamic `/x-{id}`). */
export function loader({ params }: Route.LoaderArgs) {
  const file = contentFileFor(params.slug);
  const page = file && readContent(file.file, file.path);
  if (!page) throw data('Not found', { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: pageTitle(page?.title ?? 'Page not found') },
  { name: 'description', content: page?.description ?? '' },
];

export default function ContentPage({ loaderData: page }: Route.ComponentProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" gutterBottom>
        {page.heading}
      </Typography>
      {page.intro && (
        <Typography
          variant="h6"
          component="p"
          color="text.secondary"
          sx={{ fontWeight: 400, mb: 2 }}
        >
          {page.intro}
        </Typography>
      )}
      <ContentSections sections={page.sections} />
    </Container>
  );
}
