import { z } from 'zod';
import { householdMemberSchema } from './household';
import { addressSchema } from './addresses';
import { auditEntrySchema } from './audit';
import { paymentSchema } from './checkout';
import { certificateFactsSchema } from './certificates';
import { listResponse } from './listing';
import {
  officeCaseSchema,
  officeOrderDetailResponse,
  officeOrderSummarySchema,
  paging,
} from './office';
import { text } from './fields';

/**
 * The office's customers (decision 0016), under /api/admin, for the roles that `manage Customer`
 * (office, admin; the depot finds a customer by the reference on a parcel in its own screens):
 * - GET  /customers?search=&page=&itemsPerPage=: a whole customer reference (on its unique
 *   index), or part of the e-mail address or name; newest accounts first.
 * - GET  /customers/{Id}: the profile, addresses, latest orders, cases, and the account's state.
 * - POST /customers/{Id}/resend-validation: e-mails a new validation link (unvalidated only).
 * - POST /customers/{Id}/disable: the account's sessions end at once and it cannot log in.
 * - POST /customers/{Id}/enable: it can log in again.
 * - GET  /customers/{Id}/export: everything held about the customer, a JSON download (a
 *   data-protection request).
 * None of them ever answers a password (or its hash) or a token; each action is audited.
 */

export const customersQuery = z
  .object({
    /** A customer reference (`FB…`), or part of an e-mail address or of a name. */
    search: text(100).optional(),
    ...paging,
  })
  .strict();

const CUSTOMER_STATES = ['Active', 'Disabled', 'Deleted'] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];

const customerSummarySchema = z.object({
  Id: z.number().int(),
  Reference: z.string(),
  Name: z.string(),
  Email: z.string().nullable(),
  EmailValidated: z.boolean(),
  Status: z.enum(CUSTOMER_STATES),
  Country: z.string().nullable(),
  Orders: z.number().int(),
  Created: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
export const customersResponse = listResponse(customerSummarySchema);
export type CustomersPage = z.infer<typeof customersResponse>;

/** The account as the office sees it: the profile and its state, never its password. */
const customerProfileSchema = customerSummarySchema.omit({ Orders: true }).extend({
  Salutation: z.string().nullable(),
  FirstName: z.string(),
  LastName: z.string(),
  DOB: z.string().nullable(),
  Telephone: z.string().nullable(),
  Marketing: z.boolean(),
  TermsAccepted: z.string().nullable(),
  /** When it was disabled; null while it may log in. */
  Disabled: z.string().nullable(),
  Updated: z.string(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

/** How many of the latest orders the customer's page shows (the rest: the Orders search). */
export const CUSTOMER_ORDERS_SHOWN = 20;

export const customerDetailResponse = z.object({
  Customer: customerProfileSchema,
  Addresses: z.array(addressSchema),
  /** The people of their household (decision 0037), whose parcels are received onto the account. */
  Household: z.array(householdMemberSchema),
  /** The latest orders, newest first, and how many there are in all. */
  Orders: z.object({ items: z.array(officeOrderSummarySchema), total: z.number().int() }),
  Cases: z.array(officeCaseSchema),
  Actions: z.object({
    ResendValidation: z.boolean(),
    Disable: z.boolean(),
    Enable: z.boolean(),
  }),
});
export type CustomerDetail = z.infer<typeof customerDetailResponse>;

/** Everything held about a customer, for a data-protection request. */
export const customerExportSchema = z.object({
  Exported: z.string(),
  Customer: customerProfileSchema,
  Addresses: z.array(addressSchema),
  /** The people of their household named now (decision 0037). */
  Household: z.array(householdMemberSchema),
  /** Each order with its timeline, payments, refunds, invoices, cases (with messages) and parcel
   * (its photos as metadata: the images themselves are sent on request). */
  Orders: z.array(officeOrderDetailResponse.omit({ Actions: true })),
  /** Every payment asked of the customer, paid or not. */
  Payments: z.array(paymentSchema),
  Certificates: z.array(
    z.object({ OrderReference: z.string(), Issued: z.string(), Facts: certificateFactsSchema }),
  ),
  /** The account's log-in sessions (when, not their tokens). */
  Sessions: z.array(z.object({ Created: z.string(), LastUsed: z.string(), Expires: z.string() })),
  /** What staff did about the customer, their orders, invoices and cases. */
  Audit: z.array(auditEntrySchema),
});
export type CustomerExport = z.infer<typeof customerExportSchema>;

/** The file name of a customer's export. */
export const customerExportFileName = (reference: string) => `customer-${reference}.json`;

export const CUSTOMER_MESSAGES = {
  noSuchCustomer: 'This customer was not found.',
  alreadyValidated: 'This customer’s e-mail address is already validated.',
  noEmail: 'This account has no e-mail address.',
  deleted: 'This account was deleted.',
} as const;
