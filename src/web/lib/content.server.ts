// Build-time only: reads the markdown pages of content/ for the prerendered routes.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { Marked } from 'marked';
import { DISCOUNT_CODE_PATTERN, normaliseDiscountCode } from '../../shared/discounts';

const CONTENT_DIR = path.resolve('content');

export interface ContentPage {
  /** The route path the page is served at. */
  path: string;
  title: string;
  description: string;
  heading: string;
  intro?: string;
  /** Kept out of search engines and the sitemap (front matter `noindex: true`). */
  noindex: boolean;
  /** The body as HTML, split where the body asks for a live block (e.g. `<!-- price-bands -->`). */
  sections: { html: string; after?: string }[];
  /**
   * The offer of a discount code the page promotes (front matter `promotion: CODE`): the part of
   * the body between `<!-- promotion -->` and `<!-- /promotion -->` as HTML, with `{code}`,
   * `{discount}`, `{from}` and `{to}` where the code's data goes. It is shown in the `promotion`
   * block only while the code can be used (src/shared/promotions.ts).
   */
  promotion?: { code: string; template: string };
}

const PROMOTION = /^<!--\s*promotion\s*-->\s*$([\s\S]*?)^<!--\s*\/promotion\s*-->\s*$/m;

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&#?\w+;/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');

function renderMarkdown(markdown: string): string {
  const marked = new Marked({
    renderer: {
      heading({ tokens, depth, text }) {
        const custom = /\s*\{#([\w-]+)\}\s*$/.exec(text);
        const inner = this.parser.parseInline(tokens).replace(/\s*\{#[\w-]+\}\s*$/, '');
        const id = custom ? custom[1] : slugify(inner);
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }) {
        const text = this.parser.parseInline(tokens);
        const external = /^https?:\/\//.test(href);
        const attrs = external ? ' target="_blank" rel="noopener noreferrer"' : '';
        const titleAttr = title ? ` title="${title}"` : '';
        return `<a href="${href}"${titleAttr}${attrs}>${text}</a>`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
}

/** Reads one content file; `file` is relative to content/, e.g. `pages/faqs.md`. */
export function readContent(file: string, routePath: string): ContentPage | null {
  const full = path.join(CONTENT_DIR, file);
  if (!full.startsWith(CONTENT_DIR + path.sep) || !fs.existsSync(full)) return null;
  const { data, content } = matter(fs.readFileSync(full, 'utf8'));
  const offer = PROMOTION.exec(content);
  const code = typeof data.promotion === 'string' ? normaliseDiscountCode(data.promotion) : null;
  if (!offer !== !code || (code && !DISCOUNT_CODE_PATTERN.test(code))) {
    throw new Error(`${file}: a promotion needs both its code (front matter) and its offer`);
  }
  const body = offer ? content.replace(PROMOTION, '<!-- promotion -->') : content;
  const parts = body.split(/^<!--\s*([\w-]+)\s*-->\s*$/m);
  const sections: ContentPage['sections'] = [];
  for (let i = 0; i < parts.length; i += 2) {
    sections.push({ html: renderMarkdown(parts[i]), after: parts[i + 1] });
  }
  return {
    path: routePath,
    title: String(data.title ?? data.heading ?? ''),
    description: String(data.description ?? ''),
    heading: String(data.heading ?? data.title ?? ''),
    intro: data.intro ? String(data.intro) : undefined,
    noindex: data.noindex === true,
    sections,
    ...(offer && code ? { promotion: { code, template: renderMarkdown(offer[1]) } } : {}),
  };
}

/** Routes the layout links to without a trailing slash (docs/requirements.md §2). */
const NO_TRAILING_SLASH = new Set(['terms-and-conditions']);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The content file behind a one-segment path: `x-{id}` is a dynamic page, anything else generic. */
export function contentFileFor(segment: string): { file: string; path: string } | null {
  if (!SLUG.test(segment) || segment === 'home') return null;
  const dynamic = /^x-([a-z0-9-]+)$/.exec(segment);
  if (dynamic) return { file: `x/${dynamic[1]}.md`, path: `/${segment}` };
  return {
    file: `pages/${segment}.md`,
    path: NO_TRAILING_SLASH.has(segment) ? `/${segment}` : `/${segment}/`,
  };
}

const names = (dir: string) =>
  fs.existsSync(path.join(CONTENT_DIR, dir))
    ? fs
        .readdirSync(path.join(CONTENT_DIR, dir))
        .filter((f) => f.endsWith('.md'))
        .map((f) => f.slice(0, -3))
    : [];

/** Every content page (home included) with its route path and content file. */
function contentPages(): { file: string; path: string }[] {
  const pages = names('pages')
    .filter((n) => n !== 'home')
    .map((n) => contentFileFor(n));
  const dynamic = names('x').map((id) => contentFileFor(`x-${id}`));
  return [
    { file: 'pages/home.md', path: '/' },
    ...[...pages, ...dynamic].filter((p): p is { file: string; path: string } => !!p),
  ];
}

/** Every path to prerender: the home page and each content page at its spec route. */
export function contentRoutePaths(): string[] {
  return ['/404/', ...contentPages().map((p) => p.path)].sort();
}

/** The discount codes the content pages promote (the server answers for these only). */
export function promotedCodes(): string[] {
  const codes = contentPages().map((p) => readContent(p.file, p.path)?.promotion?.code);
  return [...new Set(codes.filter((c): c is string => !!c))].sort();
}

/** The paths search engines should index: every content page not marked `noindex`. */
export function sitemapPaths(): string[] {
  return contentPages()
    .filter((p) => !readContent(p.file, p.path)?.noindex)
    .map((p) => p.path)
    .sort();
}
