// Money (decision 0003): the API carries pounds as numbers (`Price: 12.5`), the database holds
// integer pence, and every calculation is done in integer pence, so sums never drift.

/**
 * Pounds to whole pence, rounding half away from zero. Exact for amounts with two decimals and
 * immune to binary noise: `1.005` (stored as 1.00499999…) gives 101, `0.1 + 0.2` gives 30.
 */
export function toPence(pounds: number): number {
  if (!Number.isFinite(pounds)) throw new RangeError(`Not an amount of money: ${pounds}`);
  // 15 significant digits is what a double holds reliably; this drops the noise past them.
  const pence = Math.abs(Number((pounds * 100).toPrecision(15)));
  const rounded = Math.sign(pounds) * Math.round(pence);
  if (!Number.isSafeInteger(rounded)) throw new RangeError(`Amount too large: ${pounds}`);
  return rounded === 0 ? 0 : rounded; // no -0
}

/** Whole pence to pounds for the API, e.g. 1250 gives 12.5. */
export function toPounds(pence: number): number {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Not a whole number of pence: ${pence}`);
  return pence / 100;
}

/** Sum of amounts in pence; 0 for none. */
export function sumPence(amounts: readonly number[]): number {
  return amounts.reduce((total, pence) => total + pence, 0);
}

/** Pence shown to people: `£12.50`, `£1,234.00`, `-£1.00` (docs/requirements.md §9). */
export function formatMoney(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Not a whole number of pence: ${pence}`);
  const absolute = Math.abs(pence);
  const pounds = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = (absolute % 100).toString().padStart(2, '0');
  return `${pence < 0 ? '-' : ''}£${pounds}.${rest}`;
}

/** An amount in pounds from the API shown to people, e.g. an ItemValue of 25 as `£25.00`. */
export function formatPounds(pounds: number): string {
  return formatMoney(toPence(pounds));
}
