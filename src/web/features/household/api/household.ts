import type { Ok } from '../../../../shared/api/auth';
import type {
  Household,
  HouseholdMember,
  HouseholdMemberInput,
} from '../../../../shared/api/household';
import { apiRequest } from '../../../lib/api-client';

/** GET /public/household: the people named on the account, the limit and the reference. */
export const getHousehold = () => apiRequest<Household>('GET', '/public/household');

/** POST /public/household: names one more person; errors go to the caller. */
export const addHouseholdMember = (input: HouseholdMemberInput) =>
  apiRequest<HouseholdMember>('POST', '/public/household', input);

/** DELETE /public/household/{Id}: removes a person; their parcels stay on the account. */
export const removeHouseholdMember = (Id: number) =>
  apiRequest<Ok>('DELETE', `/public/household/${Id}`);
