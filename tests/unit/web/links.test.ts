import { describe, expect, test } from 'vitest';
import { isExternalHref, linkAction, type LinkClick } from '../../../src/web/lib/links';

const here = new URL('https://ferrybox.je/faqs/');
const click = (over: Partial<LinkClick>): LinkClick => ({
  href: '/how-it-works/',
  target: null,
  download: false,
  button: 0,
  modified: false,
  defaultPrevented: false,
  ...over,
});

describe('linkAction (docs/requirements.md §2: same-site links in the app, external in a new tab)', () => {
  test('same-site page links navigate inside the app, keeping search and hash', () => {
    expect(linkAction(click({}), here)).toEqual({ kind: 'internal', to: '/how-it-works/' });
    expect(linkAction(click({ href: 'https://ferrybox.je/faqs/?q=1#gst' }), here)).toEqual({
      kind: 'internal',
      to: '/faqs/?q=1#gst',
    });
    expect(linkAction(click({ href: '#jersey-gst' }), here)).toEqual({
      kind: 'internal',
      to: '/faqs/#jersey-gst',
    });
    expect(linkAction(click({ href: '/terms-and-conditions' }), here)).toEqual({
      kind: 'internal',
      to: '/terms-and-conditions',
    });
    expect(linkAction(click({ href: '../x-1', target: '_self' }), here)).toEqual({
      kind: 'internal',
      to: '/x-1',
    });
  });

  test('links to other sites open in a new tab unless they name a target', () => {
    expect(linkAction(click({ href: 'https://www.gov.je/' }), here)).toEqual({
      kind: 'new-tab',
      href: 'https://www.gov.je/',
    });
    expect(linkAction(click({ href: 'https://www.gov.je/', target: '_blank' }), here)).toEqual({
      kind: 'browser',
    });
    expect(linkAction(click({ href: 'http://ferrybox.je/faqs/' }), here).kind).toBe('new-tab');
  });

  test('modified clicks, other buttons, downloads and handled clicks are left to the browser', () => {
    for (const over of [
      { modified: true },
      { button: 1 },
      { download: true },
      { defaultPrevented: true },
      { target: '_blank' },
      { href: null },
    ]) {
      expect(linkAction(click(over), here)).toEqual({ kind: 'browser' });
    }
  });

  test('mail, phone, files and API addresses are left to the browser', () => {
    for (const href of [
      'mailto:customercare@ferrybox.je',
      'tel:01534880120',
      '/sitemap.xml',
      '/robots.txt',
      '/images/boxes/box-a.svg',
      '/public/orders/exportcert/4',
      '/api/products',
      '/assets/root-abc.js',
      'javascript:void(0)',
    ]) {
      expect(linkAction(click({ href }), here), href).toEqual({ kind: 'browser' });
    }
  });

  test('isExternalHref tells absolute links from paths', () => {
    expect(isExternalHref('https://x.com/ferryboxci')).toBe(true);
    expect(isExternalHref('//cdn.example.com/a')).toBe(true);
    expect(isExternalHref('/faqs/')).toBe(false);
    expect(isExternalHref('#top')).toBe(false);
  });
});
