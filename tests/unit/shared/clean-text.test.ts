import { describe, expect, test } from 'vitest';
import { addressInputSchema } from '../../../src/shared/api/addresses';
import { bookingSchema, checkDiscountRequest } from '../../../src/shared/api/checkout';
import { quoteRequestSchema } from '../../../src/shared/api/orders';
import { toFieldErrors } from '../../../src/shared/api/errors';
import { isCleanText } from '../../../src/shared/validation/clean-text';
import { DISCOUNT_CODE_FORMAT } from '../../../src/shared/discounts';
import { MESSAGES } from '../../../src/shared/validation/messages';

describe('clean text', () => {
  // [what, text, clean as one line, clean as several lines]
  test.each([
    ['plain', 'Le Brocq', true, true],
    ['accents, emoji, Greek, Arabic and CJK', 'Zoë 🌊 Saint-Hélier Ωμέγα مرحبا 東京', true, true],
    ['line breaks', 'line 1\nline 2\r\nend', false, true],
    ['a header forged with CR LF', 'Eve\r\nBcc: victim@example.com', false, true],
    ['a tab', 'a\tb', false, false],
    ['a NUL', 'a\u0000b', false, false],
    ['a bell', 'a\u0007', false, false],
    ['DEL', 'a\u007f', false, false],
    ['a C1 control (NEL)', 'a\u0085b', false, false],
    ['the Unicode line separator', 'a\u2028b', false, false],
    ['a lone high surrogate', 'A\ud800', false, false],
    ['a lone low surrogate', '\udc00B', false, false],
    ['surrogates reversed', '\udc00\ud800', false, false],
  ])('%s', (_what, text, oneLine, manyLines) => {
    expect(isCleanText(text)).toBe(oneLine);
    expect(isCleanText(text, { lines: true })).toBe(manyLines);
  });

  const address = {
    Type: 'Delivery',
    FullName: 'Ann Le Brocq',
    Company: '',
    Line1: '1 Rue de Haut',
    Line2: '',
    Town: 'St Helier',
    Parish: 'St Helier',
    Island: 'Jersey',
    Country: 'JE',
    Postcode: 'JE2 3NB',
    Telephone: '01534 123456',
  };

  test('the address book refuses it with a 400 naming the field', () => {
    const parsed = addressInputSchema.safeParse({ ...address, Line1: '1 Rue\u0000 de Haut' });
    expect(parsed.success).toBe(false);
    expect(toFieldErrors(parsed.error!.issues)).toContainEqual({
      field: 'Line1',
      error: MESSAGES.cleanText,
    });
    expect(addressInputSchema.safeParse(address).success).toBe(true);
  });

  test('checkout and quotes refuse it too', () => {
    const booking = bookingSchema.safeParse({ RetailerName: 'Shop\ud800' });
    expect(toFieldErrors(booking.error!.issues)).toContainEqual({
      field: 'RetailerName',
      error: MESSAGES.cleanText,
    });
    // A code allows letters, digits and hyphens only: its own format message says so.
    const code = checkDiscountRequest.safeParse({ Code: 'SAVE\u0000', Orders: [] });
    expect(toFieldErrors(code.error!.issues)).toContainEqual({
      field: 'Code',
      error: DISCOUNT_CODE_FORMAT,
    });
    const quote = quoteRequestSchema.safeParse({ Notes: 'fragile\u0000' });
    expect(toFieldErrors(quote.error!.issues)).toContainEqual({
      field: 'Notes',
      error: MESSAGES.cleanText,
    });
  });
});
