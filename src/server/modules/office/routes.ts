import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptEmptyJsonBodies } from '../../lib/auth';
import { scheduleOverdueDisputes } from '../cases/overdue';
import { caseRoutes } from './case-routes';
import { invoiceRoutes } from './invoice-routes';
import { orderRoutes } from './order-routes';

/**
 * The office's calls (decision 0018), under /api/admin; contracts in src/shared/api/office.ts. Each
 * needs the permission of the shared rules (src/shared/access.ts) that the office and admin roles
 * have and the depot's does not: `manage` the order, quote, invoice or case, and `refund Order`
 * for what gives money back. The calls are registered by area: the orders, quotes and Today
 * (order-routes.ts), the invoices (invoice-routes.ts) and the cases (case-routes.ts).
 */
export const officeRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  await scheduleOverdueDisputes(app);
  await app.register(orderRoutes);
  await app.register(invoiceRoutes);
  await app.register(caseRoutes);
};
