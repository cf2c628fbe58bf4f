import type { Route } from './+types/home';
import { readContent } from '../lib/content.server';
import { withHash } from '../lib/page-data';
import { seoMeta } from '../lib/seo';
import { BUILD_ID } from '../lib/site';
import { ContentSections } from '../components/content-sections';
import { contentBlocks } from '../components/content-blocks';
import { SiteLink } from '../components/site-link';

export function loader() {
  const page = readContent('pages/home.md', '/');
  if (!page) throw new Response('Not found', { status: 404 });
  return withHash(page, BUILD_ID);
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: data?.title ?? 'Home',
    description: data?.description ?? '',
    path: '/',
  });

export default function Home({ loaderData: page }: Route.ComponentProps) {
  return (
    <>
      <section className="hero">
        <div className="container container--text">
          <h1>{page.heading}</h1>
          {page.intro && <p className="lead">{page.intro}</p>}
          <p className="hero__actions">
            <SiteLink to="/order/" className="button button--secondary button--large">
              Add a delivery
            </SiteLink>
            <SiteLink to="/how-it-works/" className="button button--outlined-light button--large">
              How it works
            </SiteLink>
          </p>
        </div>
      </section>
      <div className="container container--text home-body">
        <ContentSections sections={page.sections} blocks={contentBlocks} />
      </div>
    </>
  );
}
