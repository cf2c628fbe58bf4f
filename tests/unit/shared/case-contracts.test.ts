import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { disputeRequest, missingItemsRequest } from '../../../src/shared/api/cases';
import { toFieldErrors } from '../../../src/shared/api/errors';
import { DISPUTE_MESSAGE_RULES } from '../../../src/shared/disputes';
import { MISSING_DESCRIPTION_RULES } from '../../../src/shared/missing-items';
import { validateField } from '../../../src/shared/validation/form';
import { MESSAGES } from '../../../src/shared/validation/messages';

// The report and dispute forms check their field with the very rules the contracts are built
// from (decision 0061): the browser's message and the API's field error are the same words.
function errorsOf(contract: z.ZodType, body: unknown) {
  const parsed = contract.safeParse(body);
  return parsed.success ? [] : toFieldErrors(parsed.error.issues);
}

describe('the customer’s words of a missing-items report and of a dispute', () => {
  const cases = [
    ['Description', missingItemsRequest, MISSING_DESCRIPTION_RULES],
    ['Message', disputeRequest, DISPUTE_MESSAGE_RULES],
  ] as const;

  test.each(cases)(
    '%s: 10 to 2000 characters, trimmed, the form and the API alike',
    (field, contract, rules) => {
      for (const [value, error] of [
        ['Toaster', 'must be at least 10 characters'],
        ['   Toaster, kettle   '.padEnd(40), undefined],
        ['x'.repeat(2001), 'must be at most 2000 characters'],
      ] as const) {
        expect(validateField(value, rules)).toBe(error);
        const errors = errorsOf(contract, { [field]: value });
        expect(errors).toEqual(error ? [{ field, error }] : []);
      }
    },
  );

  test.each(cases)(
    '%s: missing, or text that cannot be kept, is refused by the API',
    (field, contract) => {
      expect(errorsOf(contract, {})).toEqual([{ field, error: MESSAGES.required }]);
      expect(errorsOf(contract, { [field]: 'Kettle\u0000 and toaster' })).toEqual([
        { field, error: MESSAGES.cleanText },
      ]);
    },
  );
});
