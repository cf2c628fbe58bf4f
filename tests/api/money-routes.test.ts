// Every route that can take or give money is marked, and every marked route is raced
// (decision 0046): read from the route table, so a new route cannot be missed.
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../support/app';
import { MONEY_RACES } from '../support/money-races';

const ctx = useTestApp();

/** What a path that may move money looks like: payments, refunds, invoices, cases, returns... */
const LOOKS_LIKE_MONEY =
  /pay|refund|invoice|checkout|orders\/create|accept|webhook|resolve|decide|dispute|return|consign|consolidation|abandon|receive|match|cancel|reverse|storage|quote/i;
const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('the routes that move money', () => {
  test('every API route whose path looks like money says whether it moves any', () => {
    const unmarked = ctx.app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.access !== 'this-machine')
      .filter((r) => r.method !== 'GET' || r.money !== undefined || /\/payment\//.test(r.url))
      .filter((r) => LOOKS_LIKE_MONEY.test(r.url) && r.money === undefined)
      .map(key);
    expect(unmarked).toEqual([]);
  });

  test('every route marked as moving money has its race, and every race its route', () => {
    const marked = ctx.app.routeTable
      .filter((r) => r.money === true && r.method !== 'HEAD')
      .map(key)
      .sort();
    expect(marked).toEqual(Object.keys(MONEY_RACES).sort());
  });
});
