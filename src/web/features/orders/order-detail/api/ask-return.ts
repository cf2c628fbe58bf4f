import type {
  AskReturnRequest,
  RetailerReturn,
  WithdrawReturnResponse,
} from '../../../../../shared/api/returns';
import { apiDownload, apiRequest } from '../../../../lib/api-client';

/** POST /public/orders/return/{Id}: asks for the parcel to go back to the retailer. */
export const askReturn = (orderId: number, request: AskReturnRequest) =>
  apiRequest<RetailerReturn>('POST', `/public/orders/return/${orderId}`, request);

/** GET /public/orders/returnlabel/{Id}: the label as stored (PDF or JPEG). */
export const downloadReturnLabel = (path: string) => apiDownload(path, 'application/pdf, image/*');

/** DELETE /public/orders/return/{Id}: withdraws the return before staff act on it. */
export const withdrawReturn = (orderId: number) =>
  apiRequest<WithdrawReturnResponse>('DELETE', `/public/orders/return/${orderId}`);
