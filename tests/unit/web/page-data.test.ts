import { describe, expect, test } from 'vitest';
import { PageDataError, validatePageData, withHash } from '../../../src/web/lib/page-data';
import { resumeTarget } from '../../../src/web/lib/deployment';

describe('page data validation (docs/requirements.md §5 and §8)', () => {
  test('data with the expected hash passes', () => {
    const data = withHash({ title: 'FAQs' }, 'abc123');
    expect(data).toEqual({ title: 'FAQs', hash: 'abc123' });
    expect(validatePageData(data, 'abc123')).toBe(data);
  });

  test.each([
    [null, 'PARSE'],
    ['text', 'PARSE'],
    [{}, 'NO_HASH'],
    [{ hash: '' }, 'NO_HASH'],
    [{ hash: 42 }, 'NO_HASH'],
    [{ hash: 'other' }, 'INVALID_HASH'],
  ])('%j fails with %s', (data, code) => {
    try {
      validatePageData(data, 'abc123');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PageDataError);
      expect((error as PageDataError).code).toBe(code);
    }
  });
});

describe('resumeTarget: continuing a navigation a reload interrupted', () => {
  const from = 'https://ferrybox.je/faqs/';
  const to = 'https://ferrybox.je/order/';
  const at = 1_000_000;

  test('straight after the reload of the page left, continue to the target', () => {
    expect(resumeTarget({ from, to, at }, from, at + 2000)).toBe(to);
  });

  test('nothing to do without a record, on another page, or long after', () => {
    expect(resumeTarget(null, from, at)).toBeNull();
    expect(resumeTarget({ from, to, at }, to, at + 100)).toBeNull();
    expect(resumeTarget({ from, to, at }, 'https://ferrybox.je/', at + 100)).toBeNull();
    expect(resumeTarget({ from, to, at }, from, at + 60_000)).toBeNull();
    expect(resumeTarget({ from, to, at }, from, at - 1)).toBeNull();
  });

  test('never to another site, never to the page itself', () => {
    expect(resumeTarget({ from, to: 'https://evil.example/', at }, from, at)).toBeNull();
    expect(resumeTarget({ from, to: from, at }, from, at)).toBeNull();
  });
});
