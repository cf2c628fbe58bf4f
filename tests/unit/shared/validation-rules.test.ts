import { notCommonPassword } from '../../../src/shared/validation/common-passwords';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { isFormValid, validateField, validateForm } from '../../../src/shared/validation/form';
import { wordsBetween } from '../../../src/shared/validation/own-words';
import {
  alpha,
  alphaDash,
  between,
  confirmPassword,
  deleteConfirmation,
  email,
  exactLength,
  greaterThanZero,
  integer,
  integerRange,
  isEmpty,
  lookupRequired,
  maxLength,
  minLength,
  optional,
  pastDate,
  positiveWholeNumber,
  postcode,
  regexMatch,
  required,
  requiredBoolean,
  requiredNumber,
  strongPassword,
  telephone,
  url,
  type Rule,
} from '../../../src/shared/validation/rules';
import { withRules } from '../../../src/shared/validation/zod-rules';

/** Every value passes the rule. */
function passes(rule: Rule, values: unknown[]) {
  for (const value of values) expect(rule(value), JSON.stringify(value)).toBe(true);
}
/** Every value fails the rule with exactly this message. */
function fails(rule: Rule, values: unknown[], message: string) {
  for (const value of values) expect(rule(value), JSON.stringify(value)).toBe(message);
}

describe('docs/requirements.md §5: shared validators and their exact messages', () => {
  test('required: This field is required', () => {
    passes(required, ['a', ' x ', 0, 12, true, ['Jersey']]);
    fails(required, [undefined, null, '', '   ', [], false, Number.NaN], 'This field is required');
  });

  test('required boolean: This field is required unless the switch is on', () => {
    passes(requiredBoolean, [true]);
    fails(requiredBoolean, [false, undefined, null, 'true', 1], 'This field is required');
  });

  test('email (empty is valid): The Email field must be a valid email', () => {
    passes(email, ['', undefined, null, 'ann@example.je', 'first.last+tag@post.co.uk', ' a@b.gg ']);
    fails(
      email,
      ['ann', 'ann@', '@example.com', 'ann@example', 'ann example@x.com', 'ann@@x.com'],
      'The Email field must be a valid email',
    );
  });

  test('strong password: digit, lower, upper, one of ! @ # $ % & * ( ) and 8 characters', () => {
    const message =
      'Field must contain at least one uppercase, lowercase, special character and digit with min 8 chars';
    passes(strongPassword, ['Abcdef1!', 'Xy9(zzzz', 'Pa$$w0rdLonger', 'aB3)aaaa', '']);
    fails(
      strongPassword,
      ['Abcde1!', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1', 'Abcdef1^', 'Abcdef1?'],
      message,
    );
    for (const special of '!@#$%&*()') expect(strongPassword(`Abcdef1${special}`)).toBe(true);
  });

  test('confirm password: The Confirm Password field confirmation does not match', () => {
    passes(confirmPassword('Secret#123'), ['Secret#123']);
    fails(
      confirmPassword('Secret#123'),
      ['secret#123', 'Secret#1234', '', undefined],
      'The Confirm Password field confirmation does not match',
    );
  });

  test('number between min and max: Enter number between {min} and {max}', () => {
    passes(between(1, 10), [1, 10, 5.5, '7', ' 3 ', '', undefined]);
    fails(between(1, 10), [0, 10.01, -3, 'ten', '5x', Number.NaN], 'Enter number between 1 and 10');
    expect(between(0.5, 99)(100)).toBe('Enter number between 0.5 and 99');
  });

  test('integer: This field must be an integer', () => {
    passes(integer, [0, -4, 12, '12', '-7', '', undefined]);
    fails(integer, [1.5, '1.5', 'abc', '1e3', '12 3'], 'This field must be an integer');
  });

  test('positive whole number: This field must be a positive whole number', () => {
    passes(positiveWholeNumber, [1, 42, '7', '007', '', undefined]);
    fails(
      positiveWholeNumber,
      [0, '0', -1, '-1', 2.5, '2.5', 'two'],
      'This field must be a positive whole number',
    );
  });

  test('alpha only: The Alpha field may only contain alphabetic characters', () => {
    passes(alpha, ['Jersey', 'Zoë', 'Renée', '']);
    fails(
      alpha,
      ['St Helier', 'Ann-Marie', 'abc1', "O'Neil"],
      'The Alpha field may only contain alphabetic characters',
    );
  });

  test('alpha-dash (letters, digits, underscore, hyphen): All Character is not valid', () => {
    passes(alphaDash, ['order_12-b', 'ABC', '123', '']);
    fails(alphaDash, ['has space', 'dot.dot', 'slash/', 'hash#'], 'All Character is not valid');
  });

  test('URL: URL is invalid', () => {
    passes(url, [
      'https://www.next.co.uk/basket',
      'http://example.com',
      'www.argos.co.uk/product/123',
      'amazon.co.uk',
      '',
    ]);
    fails(
      url,
      ['not a url', 'localhost', 'ftp://files.example.com', 'https://', 'javascript:alert(1)'],
      'URL is invalid',
    );
  });

  test('UK-style postcode: Postcode is invalid; Channel Islands and mainland, any case, space optional', () => {
    passes(postcode, [
      'JE2 3AB',
      'je2 3ab',
      'JE23AB',
      'GY1 1AA',
      'gy11aa',
      'GY10 1SF',
      'GY9 3XX',
      'PO1 3AX',
      'SW1A 1AA',
      'M1 1AE',
      'B33 8TH',
      'CR2 6XH',
      'DN55 1PT',
      'EC1A 1BB',
      '',
    ]);
    fails(
      postcode,
      ['JE2', '12345', 'JE2 3A', 'QE2 3AB', 'JE2 3CB', 'ABC 123', 'JE2-3AB'],
      'Postcode is invalid',
    );
  });

  test('minimum length n: This field must be at least {n} characters', () => {
    passes(minLength(3), ['abc', 'abcd', '']);
    fails(minLength(3), ['ab', 'a'], 'This field must be at least 3 characters');
  });

  test('maximum length n: This field must be fewer than {n+1} characters', () => {
    passes(maxLength(5), ['abcde', 'ab', '', '😀😀😀😀😀']);
    fails(maxLength(5), ['abcdef'], 'This field must be fewer than 6 characters');
  });

  test('exact length n: This field must be at exactly {n} characters', () => {
    passes(exactLength(4), ['abcd', '1234', '']);
    fails(exactLength(4), ['abc', 'abcde'], 'This field must be at exactly 4 characters');
  });

  test('greater than zero: Item value must be greater than zero', () => {
    passes(greaterThanZero, [0.01, 25, '19.99', '', undefined]);
    fails(greaterThanZero, [0, '0', -5, '-0.01', 'free'], 'Item value must be greater than zero');
  });

  test('integer range: This field requires a number / must be at least {min} / must be less than {max}', () => {
    const rule = integerRange(1, 10);
    passes(rule, [1, 5, 10, '10']);
    fails(rule, ['', undefined, 'abc', 2.5, '2.5'], 'This field requires a number');
    fails(rule, [0, -3, '0'], 'This field must be at least 1');
    fails(rule, [11, '200'], 'This field must be less than 10');
  });

  test('delete confirmation: Please enter the word DELETE above to confirm', () => {
    passes(deleteConfirmation, ['DELETE', ' DELETE ']);
    fails(
      deleteConfirmation,
      ['delete', 'Delete', 'DELET', '', undefined],
      'Please enter the word DELETE above to confirm',
    );
  });

  test('regex match: The Regex field format is invalid', () => {
    const rule = regexMatch(/^[A-Z]{2}\d$/);
    passes(rule, ['AB1', '']);
    fails(rule, ['ab1', 'ABC1'], 'The Regex field format is invalid');
  });

  test('regex match holds no state between calls, even with a global pattern', () => {
    const rule = regexMatch(/^a/g);
    expect([rule('abc'), rule('abc'), rule('abc')]).toEqual([true, true, true]);
  });

  test('required integer or number allows zero', () => {
    passes(requiredNumber, [0, '0', 12, '3.5', -1]);
    fails(
      requiredNumber,
      ['', undefined, null, 'abc', Number.NaN, Infinity],
      'This field is required',
    );
  });

  test('lookup required: the value must be one of the options', () => {
    const rule = lookupRequired(['Jersey', 'Guernsey']);
    passes(rule, ['Jersey', 'Guernsey']);
    fails(rule, ['jersey', 'Sark', '', undefined], 'Please choose an option from the list');
  });
});

describe('rules beyond the table', () => {
  test('optional(): empty passes, anything else must pass the rules', () => {
    const rule = optional(lookupRequired(['Mr.', 'Dr.']));
    passes(rule, ['', undefined, null, 'Mr.']);
    fails(rule, ['Sir'], 'Please choose an option from the list');
  });

  test('common passwords are refused whatever their case', () => {
    passes(notCommonPassword, ['Tr0ub4dor&3', 'correct horse battery staple']);
    fails(
      notCommonPassword,
      ['password', 'PASSWORD1', 'Iloveyou', 'qwertyuiop', 'liverpool1'],
      'This password is too common, please choose another',
    );
  });

  test('telephone: optional, 7 to 15 digits with +, spaces, brackets, dots, hyphens', () => {
    passes(telephone, ['', '+44 1534 123456', '01534 123456', '(01481) 712-345', '07797.123456']);
    fails(
      telephone,
      ['123456', '+44 1534 123456 78901', 'call me', '01534 12345x', '44+1534123456'],
      'Please enter a valid telephone number',
    );
  });

  test('past date: a real yyyy-MM-dd day before today', () => {
    const rule = pastDate(() => new Date(2024, 5, 15, 13, 30));
    passes(rule, ['', undefined, '2024-06-14', '1950-01-01']);
    fails(rule, ['2024-06-15', '2024-06-16', '2030-01-01'], 'The date must be in the past');
    fails(rule, ['2023-02-29', '15-06-2000', '2000-6-1', 'yesterday'], 'Please enter a valid date');
  });

  test('isEmpty: undefined, null, blank text and empty lists only', () => {
    expect([undefined, null, '', ' \t', []].every(isEmpty)).toBe(true);
    expect([0, false, 'a', [0]].some(isEmpty)).toBe(false);
  });
});

describe('form helper: a form is valid when no field has an error', () => {
  const rules = { name: [required, maxLength(3)], email: [email] };

  test('validateField gives the first failing rule only', () => {
    expect(validateField('', rules.name)).toBe('This field is required');
    expect(validateField('abcd', rules.name)).toBe('This field must be fewer than 4 characters');
    expect(validateField('abc', rules.name)).toBeUndefined();
  });

  test('validateForm lists the fields with errors; missing fields are checked as empty', () => {
    expect(validateForm({ email: 'x' }, rules)).toEqual({
      name: 'This field is required',
      email: 'The Email field must be a valid email',
    });
    expect(validateForm({ name: 'Ann', email: '' }, rules)).toEqual({});
  });

  test('isFormValid', () => {
    expect(isFormValid({})).toBe(true);
    expect(isFormValid({ name: undefined })).toBe(true);
    expect(isFormValid({ name: 'This field is required' })).toBe(false);
  });
});

describe('withRules: a rule becomes a zod refinement with the same message', () => {
  const schema = withRules(z.string(), [required, minLength(3)]);

  test('the issue message is exactly the first failing rule', () => {
    const result = schema.safeParse('ab');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'This field must be at least 3 characters',
    ]);
    expect(schema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'This field is required',
    ]);
  });

  test('a value that passes every rule parses', () => {
    expect(schema.parse('abc')).toBe('abc');
  });
});

describe('wordsBetween: what a customer writes, in the API words its form says of the field', () => {
  const rule = wordsBetween(10, 20);

  test('too short, empty and blank included, then too long; counted trimmed, an emoji as one', () => {
    expect(rule('')).toBe('must be at least 10 characters');
    expect(rule(undefined)).toBe('must be at least 10 characters');
    expect(rule('  Toaster    ')).toBe('must be at least 10 characters');
    expect(rule('🍞'.repeat(9))).toBe('must be at least 10 characters');
    expect(rule('🍞'.repeat(10))).toBe(true);
    expect(rule('x'.repeat(20))).toBe(true);
    expect(rule('x'.repeat(21))).toBe('must be at most 20 characters');
  });
});
