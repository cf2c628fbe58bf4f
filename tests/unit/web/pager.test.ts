import { describe, expect, test } from 'vitest';
import { pageItems } from '../../../src/web/components/pager';

describe('the pages a pager shows', () => {
  test('every page while there are seven at most', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test('one page at each end and one either side of the current one, as MUI shows them', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'start-ellipsis', 4, 5, 6, 'end-ellipsis', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'start-ellipsis', 6, 7, 8, 9, 10]);
    expect(pageItems(4, 8)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 8]);
  });
});
