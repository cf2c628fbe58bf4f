import type { Rule } from './form';

/**
 * What a customer writes in their own words (a missing-items report, a dispute): from min to max
 * characters once trimmed (an emoji counts one, as PostgreSQL counts), an empty value being too
 * short. Its messages are the API's fragments ("must be at least 10 characters"), which the form
 * says of its field ("Your message must be at least 10 characters.", decision 0061). Apart from
 * ./rules.ts, which every page loads for its Log in dialog, so that only the pages with such a
 * form load it.
 */
export function wordsBetween(min: number, max: number): Rule {
  return (value) => {
    const n = typeof value === 'string' ? [...value.trim()].length : 0;
    return n < min
      ? `must be at least ${min} characters`
      : n <= max || `must be at most ${max} characters`;
  };
}
