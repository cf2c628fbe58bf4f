import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CERTIFICATE_MESSAGES,
  certificateFileName,
  certificateVerification,
  exportCertificateParams,
  verificationCode,
  verifyCertificateParams,
  verifyPath,
} from '../../../shared/api/certificates';
import { authOf, access } from '../../lib/auth';
import { findByPublicCode } from '../../lib/public-codes';
import { renderCertificate } from '../../lib/pdf';
import { customerCertificate, ukDay, verifyCertificate } from './service';

/**
 * Export certificates (docs/requirements.md §7, decision 0020), registered under /public:
 * - GET /public/orders/exportcert/{Id}: the customer's certificate for their order as a PDF
 *   (issued on the first call), once the parcel has left the UK; before that a 409.
 * - GET /public/certificates/verify/{code}: anyone may check a code; the key facts of a genuine
 *   certificate, or a 404 for an unknown or malformed code. Rate limited per address, so codes
 *   cannot be tried cheaply.
 */
export const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/orders/exportcert/:Id',
    {
      onRequest: app.requireAuth(),
      schema: {
        summary: "Download an order's export certificate (PDF)",
        answers: { 409: 'The order has not left the UK yet, or its sailing is not recorded.' },
        params: exportCertificateParams,
      },
    },
    async (request, reply) => {
      const { user } = authOf(request);
      const { orderReference, certificate } = await customerCertificate(
        db,
        app.config.brand,
        user.id,
        request.params.Id,
      );
      const pdf = await renderCertificate({
        brand: app.config.brand,
        facts: certificate.facts,
        code: certificate.code,
        issued: ukDay(certificate.issuedAt),
        verifyUrl: `${app.config.publicUrl}${verifyPath(certificate.code)}`,
      });
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${certificateFileName(orderReference)}"`,
        )
        .send(pdf);
    },
  );

  app.get(
    '/certificates/verify/:code',
    {
      config: access('anonymous'),
      schema: {
        summary: 'Check an export certificate by its verification code',
        answers: { 429: 'Too many checks from this address: try again after Retry-After.' },
        params: verifyCertificateParams,
        response: { 200: certificateVerification },
      },
    },
    async (request, reply) =>
      findByPublicCode(app, 'verifyCertificate', request, reply, {
        code: request.params.code,
        schema: verificationCode,
        find: (code) => verifyCertificate(db, code),
        notFound: CERTIFICATE_MESSAGES.notFound,
      }),
  );
};
