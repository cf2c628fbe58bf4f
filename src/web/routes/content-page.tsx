import { data } from 'react-router';
import type { Route } from './+types/content-page';
import { contentFileFor, readContent } from '../lib/content.server';
import { withHash } from '../lib/page-data';
import { seoMeta } from '../lib/seo';
import { BUILD_ID, pageTitle } from '../lib/site';
import { ContentSections } from '../components/content-sections';
import { contentBlocks } from '../components/content-blocks';
import { PromotionOffer } from '../features/promotions/promotion-offer';

/** Build time: the markdown page for this path (generic `/{slug}/` or dynamic `/x-{id}`). */
export function loader({ params }: Route.LoaderArgs) {
  const file = contentFileFor(params.slug);
  const page = file && readContent(file.file, file.path);
  if (!page) throw data('Not found', { status: 404 });
  return withHash(page, BUILD_ID);
}

export const meta: Route.MetaFunction = ({ data: page }) =>
  page
    ? seoMeta({
        title: page.title,
        description: page.description,
        path: page.path,
        noindex: page.noindex,
      })
    : [{ title: pageTitle('Page not found') }, { name: 'robots', content: 'noindex' }];

export default function ContentPage({ loaderData: page }: Route.ComponentProps) {
  return (
    <article className="container container--text content-page">
      <h1>{page.heading}</h1>
      {page.intro && <p className="lead">{page.intro}</p>}
      <ContentSections
        sections={page.sections}
        blocks={
          page.promotion
            ? { ...contentBlocks, promotion: <PromotionOffer {...page.promotion} /> }
            : contentBlocks
        }
      />
    </article>
  );
}
