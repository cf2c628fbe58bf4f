// Codes the API takes and the patterns its OpenAPI document shows for them agree: a
// text fits the documented pattern exactly when the API accepts it.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { discountCode } from '../../../src/shared/api/fields';
import { productInputSchema } from '../../../src/shared/api/catalogue-admin';
import { referenceParams } from '../../../src/shared/api/checkout';
import { MESSAGES } from '../../../src/shared/validation/messages';

/** The pattern the document shows for a schema (as the OpenAPI transform makes it). */
const documentedPattern = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    pattern?: string;
  };
  expect(json.pattern).toBeTypeOf('string');
  return new RegExp(json.pattern as string, 'u');
};

/** Texts near the edges: cases, spaces, letters that upper-case into A-Z, control characters. */
const texts = fc.string({
  unit: fc.constantFrom(
    'a',
    'Z',
    '7',
    '-',
    ' ',
    '\t',
    '\n',
    'P',
    'y',
    'ß',
    'ı',
    'ﬀ',
    'é',
    '_',
    '.',
  ),
  maxLength: 36,
});

const cases: [string, z.ZodType][] = [
  ['a discount code', discountCode()],
  ["a price band's code", productInputSchema.shape.Code],
  ['a payment reference', referenceParams.shape.Reference],
];

describe.each(cases)('%s', (_name, schema) => {
  const pattern = documentedPattern(schema);
  test('is accepted exactly when it fits the documented pattern', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(schema.safeParse(text).success, JSON.stringify(text)).toBe(pattern.test(text));
      }),
      { numRuns: 2000 },
    );
  });
});

test('a discount code is taken in either case, trimmed, and read in upper case', () => {
  expect(discountCode().parse(' summer-25 ')).toBe('SUMMER-25');
  expect(discountCode().safeParse('straße').success).toBe(false);
  expect(referenceParams.shape.Reference.safeParse('pay-123456').success).toBe(true);
  expect(discountCode().safeParse('').error?.issues[0].message).toBe(MESSAGES.required);
});
