import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuery, auditResponse } from '../../../shared/api/audit';
import { searchAudit } from './queries';

/** GET /api/admin/audit (decision 0022): the audit log, for those who `read AuditLog`. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      onRequest: app.requireAuth({ can: ['read', 'AuditLog'] }),
      schema: {
        summary: 'A page of the audit log',
        querystring: auditQuery,
        response: { 200: auditResponse },
      },
    },
    async (request) => searchAudit(app.database.db, request.query),
  );
};
