import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { listResponse } from './listing';
import { INVOICE_STATUSES, invoiceSchema } from './orders';
import { paging, personSchema, required } from './office';

/**
 * The office's invoices (decision 0018), under /api/admin (`manage Invoice`), as
 * src/server/modules/office/invoice-actions.ts acts on them. The rest of the office's API is in
 * office.ts.
 */

// --- invoices ------------------------------------------------------------------------------------

export const officeInvoicesQuery = z
  .object({
    status: z.enum(INVOICE_STATUSES, { error: `must be one of ${INVOICE_STATUSES.join(', ')}` }),
    ...paging,
  })
  .strict();

export const officeInvoiceSchema = invoiceSchema.extend({
  Customer: personSchema,
  OrderStatus: z.enum(ORDER_STATUSES),
});
export const officeInvoicesResponse = listResponse(officeInvoiceSchema);

export const voidInvoiceSchema = z
  .object({ Reason: required(500, 'Say why the invoice is voided') })
  .strict();
