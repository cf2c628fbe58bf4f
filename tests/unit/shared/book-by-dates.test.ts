// The Christmas dates block of a content page (docs/decisions/0050): the target day is the
// Christmas Eve to come, and the server writes the timetable's sentences into the block's place.
import { describe, expect, test } from 'vitest';
import { bookByItems, christmasEve, withBookByDates } from '../../../src/shared/book-by-dates';

describe('christmasEve', () => {
  test('this year’s until it has passed, then next year’s', () => {
    expect(christmasEve('2026-01-01')).toBe('2026-12-24');
    expect(christmasEve('2026-12-24')).toBe('2026-12-24');
    expect(christmasEve('2026-12-25')).toBe('2027-12-24');
  });
});

describe('withBookByDates', () => {
  const slot = bookByItems(null);
  const page = `<main><dl class="book-by-dates" aria-label="Last days for Christmas" aria-busy="true">${slot}</dl></main>`;

  test('writes each island’s sentence in, escaped; the islands without one stay empty', async () => {
    const html = await withBookByDates(page, async () => [
      {
        Island: 'Jersey',
        Words: 'If it reaches us by Monday 21 December, 4pm, it arrives by Thursday 24 December.',
      },
      { Island: 'Sark', Words: 'It is too late <now>.' },
    ]);
    expect(html).toContain('aria-busy="false"');
    expect(html).toContain(
      '<dt>Jersey</dt><dd data-testid="book-by-Jersey">If it reaches us by Monday 21 December, 4pm, it arrives by Thursday 24 December.</dd>',
    );
    expect(html).toContain('<dd data-testid="book-by-Sark">It is too late &lt;now&gt;.</dd>');
    expect(html).toContain('<dt>Herm</dt><dd data-testid="book-by-Herm"></dd>');
  });

  test('a page without the block, or a timetable that cannot be read, is left as it is', async () => {
    expect(await withBookByDates('<main></main>', async () => [])).toBe('<main></main>');
    expect(await withBookByDates(page, async () => undefined)).toBe(page);
  });
});
