// Every message a validation rule can give. The texts of docs/requirements.md §5 are exact
// requirements, odd wording included ("must be at exactly", "fewer than {n+1}"); the texts of the
// last block are ours (marked so there).
export const MESSAGES = {
  required: 'This field is required',
  email: 'The Email field must be a valid email',
  strongPassword:
    'Field must contain at least one uppercase, lowercase, special character and digit with min 8 chars',
  confirmPassword: 'The Confirm Password field confirmation does not match',
  between: (min: number, max: number) => `Enter number between ${min} and ${max}`,
  integer: 'This field must be an integer',
  positiveWholeNumber: 'This field must be a positive whole number',
  alpha: 'The Alpha field may only contain alphabetic characters',
  alphaDash: 'All Character is not valid',
  url: 'URL is invalid',
  postcode: 'Postcode is invalid',
  minLength: (n: number) => `This field must be at least ${n} characters`,
  maxLength: (n: number) => `This field must be fewer than ${n + 1} characters`,
  exactLength: (n: number) => `This field must be at exactly ${n} characters`,
  greaterThanZero: 'Item value must be greater than zero',
  requiresNumber: 'This field requires a number',
  atLeast: (min: number) => `This field must be at least ${min}`,
  lessThan: (max: number) => `This field must be less than ${max}`,
  deleteConfirmation: 'Please enter the word DELETE above to confirm',
  regex: 'The Regex field format is invalid',

  lookup: 'Please choose an option from the list',
  commonPassword: 'This password is too common, please choose another',
  date: 'Please enter a valid date',
  pastDate: 'The date must be in the past',
  telephone: 'Please enter a valid telephone number',
  cleanText: 'This field contains characters that are not allowed',
} as const;
