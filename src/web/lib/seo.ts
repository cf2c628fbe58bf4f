import type { MetaDescriptor } from 'react-router';
import { absoluteUrl, BRAND, pageTitle } from './site';

interface PageSeo {
  title: string;
  description: string;
  /** The page's route path: its canonical URL. Omit for pages that have none (not found). */
  path?: string;
  noindex?: boolean;
}

/** Title, description, canonical URL and Open Graph tags of a page. */
export function seoMeta({ title, description, path, noindex }: PageSeo): MetaDescriptor[] {
  const fullTitle = pageTitle(title);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:site_name', content: BRAND },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'en_GB' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:image', content: absoluteUrl('/og-image.png') },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: `${BRAND}: You Shop, We Deliver` },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  if (path) {
    tags.push({ tagName: 'link', rel: 'canonical', href: absoluteUrl(path) });
    tags.push({ property: 'og:url', content: absoluteUrl(path) });
  }
  return tags;
}
