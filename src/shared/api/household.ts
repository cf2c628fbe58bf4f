import { z } from 'zod';
import { HOUSEHOLD_NAME_MAX } from '../household';
import { MESSAGES } from '../validation/messages';
import { text } from './fields';
import { pathId } from './listing';

/**
 * The API contract of the customer's household (decision 0037), every call for the logged-in
 * customer and about their own household only:
 * - GET /public/household: the people named on the account, how many may be, and how each may be
 *   addressed at the depot.
 * - POST /public/household: names one more (201 with them); 409 past the limit.
 * - DELETE /public/household/{Id}: removes one (200 `{ ok: true }`); parcels already received
 *   for them stay on the account. Another customer's Id is a 404 like an unknown one.
 */

const name = text(HOUSEHOLD_NAME_MAX).min(1, MESSAGES.required);

export const householdMemberInput = z.object({ FirstName: name, LastName: name }).strict();
export type HouseholdMemberInput = z.input<typeof householdMemberInput>;

export const householdMemberSchema = z.object({
  Id: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  /** First and last name, as a label carries it. */
  FullName: z.string(),
  Created: z.string(),
});
export type HouseholdMember = z.infer<typeof householdMemberSchema>;

export const householdResponse = z.object({
  Members: z.array(householdMemberSchema),
  /** How many people the account may name (the Account/HouseholdLimit setting). */
  Limit: z.number().int(),
  /** The customer reference each of them puts after their name on a parcel. */
  Reference: z.string(),
});
export type Household = z.infer<typeof householdResponse>;

export const householdIdParams = z.object({ Id: pathId }).strict();
