import { z } from 'zod';
import { pathId } from './listing';

/**
 * Export certificates (issue 12). GET /public/orders/exportcert/{Id} gives the PDF once the
 * parcel has left the UK; GET /public/certificates/verify/{code} answers the public page
 * /verify/{code} with the certificate's key facts and nothing more.
 */

/** What a certificate states, fixed when it is issued (what HMRC accepts as proof of export). */
export const certificateFactsSchema = z.object({
  OrderReference: z.string(),
  /** The retailer the goods were bought from. */
  Supplier: z.object({ Name: z.string(), Website: z.string(), OrderNumber: z.string() }),
  /** Ferrybox, who exports the goods from its depot. */
  Consignor: z.object({ Name: z.string(), Address: z.array(z.string()) }),
  Customer: z.object({ Name: z.string(), Reference: z.string() }),
  DeliveryAddress: z.array(z.string()),
  /** The value in whole pence, as the database keeps money (decision 0003). */
  Goods: z.object({
    Description: z.string(),
    Quantity: z.number().int(),
    ValuePence: z.number().int(),
  }),
  Island: z.string(),
  TransportMode: z.string(),
  Route: z.string(),
  /** yyyy-MM-dd: the sailing the parcel left the UK on. */
  ExportDate: z.string(),
  Carrier: z.string(),
  TrackingNumber: z.string(),
});
export type CertificateFacts = z.infer<typeof certificateFactsSchema>;

/** Crockford's base 32: digits and capitals without I, L, O and U, so a code reads back safely. */
export const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFICATION_CODE_LENGTH = 20;

/**
 * A verification code: 20 characters of Crockford base 32 (100 bits, unguessable). Read as
 * Crockford reads: any case, hyphens and spaces ignored, I and L as 1, O as 0.
 */
export const verificationCode = z
  .string()
  .max(64)
  .toUpperCase()
  .overwrite((code) => code.replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0'))
  .regex(
    new RegExp(`^[${CROCKFORD_BASE32}]{${VERIFICATION_CODE_LENGTH}}$`),
    'is not a certificate code',
  );

/** A code as printed: four groups of five (`ABCDE-FGHJK-…`), easier to read out and type. */
export const formatVerificationCode = (code: string) => code.match(/.{1,5}/g)?.join('-') ?? code;

/** The path of the public page that checks a certificate. */
export const verifyPath = (code: string) => `/verify/${code}`;

/** The name the PDF is saved under (SPEC section 7). */
export const certificateFileName = (orderReference: string) =>
  `Export-Certificate-${orderReference}.pdf`;

export const CERTIFICATE_MESSAGES = {
  orderNotFound: 'We could not find this order.',
  notYetExported:
    'The export certificate is available once your parcel has been dispatched from our UK depot.',
  sailingNotRecorded:
    'The export certificate is not ready yet: the sailing of this parcel has not been recorded. Please contact us.',
  notFound: 'We could not find a certificate with this code.',
  downloadFailed: 'The certificate could not be downloaded just now. Please try again.',
} as const;

/** GET /public/orders/exportcert/{Id}. */
export const exportCertificateParams = z.object({ Id: pathId }).strict();

/**
 * GET /public/certificates/verify/{code}: any text is taken, so that a malformed code is
 * answered as an unknown one (404), never with a hint about the format.
 */
export const verifyCertificateParams = z.object({ code: z.string().max(200) }).strict();

/** GET /public/certificates/verify/{code}: the key facts of a genuine certificate. */
export const certificateVerification = z.object({
  Genuine: z.literal(true),
  OrderReference: z.string(),
  /** yyyy-MM-dd. */
  ExportDate: z.string(),
  Island: z.string(),
  Goods: z.string(),
  /** Pounds. */
  Value: z.number(),
  /** yyyy-MM-dd. */
  Issued: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;
