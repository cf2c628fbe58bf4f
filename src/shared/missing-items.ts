import { wordsBetween } from './validation/own-words';

// Reporting missing items (decision 0020): what the customer and the server say of it, and the
// rules of its description, which the report form checks and its contract (api/cases.ts) too.

export const CASE_MESSAGES = {
  notYet: (status: string) =>
    `This order is ${status}: missing items can be reported once the parcel has left the UK (Shipped or Delivered).`,
  opened: (reference: string) =>
    `Thank you. We have opened case ${reference} and will reply by email.`,
  added: (reference: string) =>
    `Thank you. We have added your message to case ${reference} and will reply by email.`,
} as const;

export const MISSING_DESCRIPTION_MAX = 2000;

/** What is missing, in the customer's words. */
export const MISSING_DESCRIPTION_RULES = [wordsBetween(10, MISSING_DESCRIPTION_MAX)];
