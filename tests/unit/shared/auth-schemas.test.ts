import { describe, expect, test } from 'vitest';
import { toFieldErrors } from '../../../src/shared/api/errors';
import {
  forgottenPasswordSchema,
  ISLANDS,
  LOGIN_RULES,
  loginSchema,
  MIN_PASSWORD_LENGTH,
  REGISTER_SERVER_ERROR_FIELDS,
  registerRules,
  registerSchema,
  SALUTATIONS,
} from '../../../src/shared/auth/schemas';
import { COMMON_PASSWORDS } from '../../../src/shared/validation/common-passwords';
import { isFormValid, validateForm } from '../../../src/shared/validation/form';
import { newRegistration, REQUIRED_REGISTER_FIELDS } from '../../support/registration';

const valid = newRegistration();

/** The API's field errors for a register body, as toFieldErrors makes them. */
function registerErrors(body: unknown) {
  const result = registerSchema.safeParse(body);
  return result.success ? [] : toFieldErrors(result.error.issues);
}

describe('login and forgotten password (docs/requirements.md §5)', () => {
  test('login: email and password required', () => {
    const result = loginSchema.safeParse({ email: ' ', password: '' });
    expect(toFieldErrors(result.error?.issues ?? [])).toEqual([
      { field: 'email', error: 'This field is required' },
      { field: 'password', error: 'This field is required' },
    ]);
    expect(loginSchema.parse({ email: ' ann@example.je ', password: ' pw ' })).toEqual({
      email: 'ann@example.je',
      password: ' pw ',
    });
  });

  test('login: a missing field is reported with the rule message, not zod wording', () => {
    expect(toFieldErrors(loginSchema.safeParse({}).error?.issues ?? [])).toEqual([
      { field: 'email', error: 'This field is required' },
      { field: 'password', error: 'This field is required' },
    ]);
  });

  test('the React form and the schema use the same rules', () => {
    expect(validateForm({ email: '', password: 'x' }, LOGIN_RULES)).toEqual({
      email: 'This field is required',
    });
  });

  test('forgotten password: email required', () => {
    expect(
      toFieldErrors(forgottenPasswordSchema.safeParse({ email: '' }).error?.issues ?? []),
    ).toEqual([{ field: 'email', error: 'This field is required' }]);
    expect(forgottenPasswordSchema.parse({ email: 'ann@example.je' })).toEqual({
      email: 'ann@example.je',
    });
  });
});

describe('register (docs/requirements.md §5)', () => {
  test('a complete registration parses, trimmed', () => {
    expect(registerSchema.parse({ ...valid, FirstName: '  Ann ' })).toEqual({
      ...valid,
      FirstName: 'Ann',
    });
  });

  test('only the required fields: optional ones may be left out, Marketing defaults to false', () => {
    const { Salutation: _s, DOB: _d, Telephone: _t, Marketing: _m, ...required } = valid;
    expect(registerSchema.parse(required)).toEqual({ ...required, Marketing: false });
  });

  test('empty or null optional fields become undefined', () => {
    const parsed = registerSchema.parse({ ...valid, Salutation: '', DOB: null, Telephone: '  ' });
    expect([parsed.Salutation, parsed.DOB, parsed.Telephone]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('an empty body: every required field says This field is required', () => {
    expect(registerErrors({})).toEqual(
      REQUIRED_REGISTER_FIELDS.map((field) => ({ field, error: 'This field is required' })),
    );
  });

  test('FirstName and LastName required, at most 50 characters', () => {
    expect(registerErrors({ ...valid, FirstName: '', LastName: 'x'.repeat(51) })).toEqual([
      { field: 'FirstName', error: 'This field is required' },
      { field: 'LastName', error: 'This field must be fewer than 51 characters' },
    ]);
    expect(registerErrors({ ...valid, LastName: 'x'.repeat(50) })).toEqual([]);
  });

  test('Email required and valid', () => {
    expect(registerErrors({ ...valid, Email: 'ann@' })).toEqual([
      { field: 'Email', error: 'The Email field must be a valid email' },
    ]);
    expect(registerErrors({ ...valid, Email: '' })).toEqual([
      { field: 'Email', error: 'This field is required' },
    ]);
  });

  test(`Password required, minimum ${MIN_PASSWORD_LENGTH} characters (docs/requirements.md §9)`, () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(registerErrors({ ...valid, Password: 'Short#7', ConfirmPassword: 'Short#7' })).toEqual([
      { field: 'Password', error: 'This field must be at least 8 characters' },
    ]);
    expect(registerErrors({ ...valid, Password: 'Longer#7', ConfirmPassword: 'Longer#7' })).toEqual(
      [],
    );
    const long = 'Ab1#'.repeat(33);
    expect(registerErrors({ ...valid, Password: long, ConfirmPassword: long })).toEqual([
      { field: 'Password', error: 'This field must be fewer than 129 characters' },
    ]);
  });

  test('Password: the most common breached passwords are refused', () => {
    expect(COMMON_PASSWORDS.size).toBe(1000);
    for (const password of ['password', 'Password1', 'QWERTYUIOP', 'sunshine']) {
      expect(registerErrors({ ...valid, Password: password, ConfirmPassword: password })).toEqual([
        { field: 'Password', error: 'This password is too common, please choose another' },
      ]);
    }
  });

  test('ConfirmPassword required and equal to Password', () => {
    expect(registerErrors({ ...valid, ConfirmPassword: 'Gorey-Harbour-78' })).toEqual([
      { field: 'ConfirmPassword', error: 'The Confirm Password field confirmation does not match' },
    ]);
    expect(registerErrors({ ...valid, ConfirmPassword: '' })).toEqual([
      { field: 'ConfirmPassword', error: 'This field is required' },
    ]);
  });

  test('a password mismatch is reported together with missing fields', () => {
    expect(registerErrors({ ...valid, FirstName: undefined, ConfirmPassword: 'other' })).toEqual([
      { field: 'FirstName', error: 'This field is required' },
      { field: 'ConfirmPassword', error: 'The Confirm Password field confirmation does not match' },
    ]);
  });

  test('Island of Residence (Country) required, one of Jersey, Guernsey, Alderney, Sark, Herm', () => {
    expect(ISLANDS).toEqual(['Jersey', 'Guernsey', 'Alderney', 'Sark', 'Herm']);
    for (const island of ISLANDS) expect(registerErrors({ ...valid, Country: island })).toEqual([]);
    expect(registerErrors({ ...valid, Country: 'France' })).toEqual([
      { field: 'Country', error: 'Please choose an option from the list' },
    ]);
    expect(registerErrors({ ...valid, Country: '' })).toEqual([
      { field: 'Country', error: 'This field is required' },
    ]);
  });

  test('Terms and conditions switch must be on', () => {
    expect(registerErrors({ ...valid, TermsAndConditions: false })).toEqual([
      { field: 'TermsAndConditions', error: 'This field is required' },
    ]);
    expect(registerErrors({ ...valid, TermsAndConditions: 'yes' })).toEqual([
      { field: 'TermsAndConditions', error: 'This field is required' },
    ]);
  });

  test('Salutation optional, one of Mr., Mrs., Miss, Dr., Ms., Prof., Rev.', () => {
    expect(SALUTATIONS).toEqual(['Mr.', 'Mrs.', 'Miss', 'Dr.', 'Ms.', 'Prof.', 'Rev.']);
    for (const salutation of SALUTATIONS) {
      expect(registerErrors({ ...valid, Salutation: salutation })).toEqual([]);
    }
    expect(registerErrors({ ...valid, Salutation: 'Lord' })).toEqual([
      { field: 'Salutation', error: 'Please choose an option from the list' },
    ]);
  });

  test('DOB optional: a real yyyy-MM-dd day in the past', () => {
    expect(registerErrors({ ...valid, DOB: '1990-02-30' })).toEqual([
      { field: 'DOB', error: 'Please enter a valid date' },
    ]);
    expect(registerErrors({ ...valid, DOB: '01-04-1990' })).toEqual([
      { field: 'DOB', error: 'Please enter a valid date' },
    ]);
    expect(registerErrors({ ...valid, DOB: '2999-01-01' })).toEqual([
      { field: 'DOB', error: 'The date must be in the past' },
    ]);
  });

  test('Telephone optional, a sensible phone number', () => {
    expect(registerErrors({ ...valid, Telephone: 'ring me' })).toEqual([
      { field: 'Telephone', error: 'Please enter a valid telephone number' },
    ]);
  });

  test('Marketing is a boolean', () => {
    expect(registerErrors({ ...valid, Marketing: 'yes' })).toEqual([
      { field: 'Marketing', error: 'This field is required' },
    ]);
  });

  test('server field errors appear under FirstName, LastName, Email, DOB, Telephone', () => {
    expect(REGISTER_SERVER_ERROR_FIELDS).toEqual([
      'FirstName',
      'LastName',
      'Email',
      'DOB',
      'Telephone',
    ]);
  });

  test('the React form rules agree with the schema, ConfirmPassword included', () => {
    const values = { ...valid, Email: 'nope', ConfirmPassword: 'different' };
    const errors = validateForm(values, registerRules(values));
    expect(errors).toEqual({
      Email: 'The Email field must be a valid email',
      ConfirmPassword: 'The Confirm Password field confirmation does not match',
    });
    expect(
      Object.fromEntries(registerErrors(values).map(({ field, error }) => [field, error])),
    ).toEqual(errors);
    expect(isFormValid(validateForm(valid, registerRules(valid)))).toBe(true);
  });
});
