import { describe, expect, test } from 'vitest';
import { NOTICE_SLOT, noticeBannerHtml, withNoticeBanner } from '../../../src/shared/notice';

describe('the notice banner markup (docs/requirements.md §2: an optional notice under the header)', () => {
  test('a notice is an aside with its text; none, spaces or a non-string give no banner', () => {
    expect(noticeBannerHtml(' Ferries delayed by fog ')).toBe(
      '<aside class="notice-banner" aria-label="Notice" data-testid="notice-banner">' +
        '<p class="container">Ferries delayed by fog</p></aside>',
    );
    for (const none of ['', '   ', undefined, null, 42, ['text']]) {
      expect(noticeBannerHtml(none), String(none)).toBe('');
    }
  });

  test('staff text is escaped, never markup', () => {
    expect(noticeBannerHtml(`<b>Storm</b> & "delays" it's`)).toContain(
      '&lt;b&gt;Storm&lt;/b&gt; &amp; &quot;delays&quot; it&#39;s',
    );
  });

  test('the server fills the first empty slot of a page; without a notice the page is as built', () => {
    const page = `<header></header>${NOTICE_SLOT}<main>${NOTICE_SLOT}</main>`;
    expect(withNoticeBanner(page, 'Closed on Monday')).toBe(
      `<header></header><div class="notice-slot">${noticeBannerHtml('Closed on Monday')}</div>` +
        `<main>${NOTICE_SLOT}</main>`,
    );
    expect(withNoticeBanner(page, '')).toBe(page);
    // Replacement patterns in the text are text too.
    expect(withNoticeBanner(NOTICE_SLOT, 'Save $& now')).toContain('Save $&amp; now');
  });
});
