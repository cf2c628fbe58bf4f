import { z } from 'zod';
import { pathId } from './listing';
import { publicCode, publicCodeParams } from './public-codes';

// The words and code helpers live in a module without zod, so the screens can use them without it.
export {
  CERTIFICATE_MESSAGES,
  certificateFileName,
  formatVerificationCode,
  verifyPath,
} from '../certificates';

/**
 * Export certificates (decision 0020). GET /public/orders/exportcert/{Id} gives the PDF once the
 * parcel has left the UK; GET /public/certificates/verify/{code} answers the public page
 * /verify/{code} with the certificate's key facts and nothing more.
 */

/** One line of goods on a certificate: as entered, with its value in pence. */
const certificateLine = z.object({
  Description: z.string(),
  Quantity: z.number().int(),
  ValueEachPence: z.number().int(),
  Origin: z.string(),
  CommodityCode: z.string(),
});

/** What a certificate states, fixed when it is issued (what HMRC accepts as proof of export). */
export const certificateFactsSchema = z.object({
  OrderReference: z.string(),
  /** The retailer the goods were bought from. */
  Supplier: z.object({
    Name: z.string(),
    Website: z.string(),
    OrderNumber: z.string(),
    /** The date of the customer's order with the retailer, yyyy-MM-dd (decision 0040); absent or null: not given. */
    OrderDate: z.string().nullish(),
  }),
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
  /**
   * The goods line by line (decision 0040): every item line as it was when the parcel left. Absent
   * on certificates issued before item lines existed.
   */
  ItemLines: z.array(certificateLine).optional(),
  /**
   * The box the order left in when it was shipped together with others (decision 0041): its
   * reference, the orders in it and every item of all of them. Absent for a parcel that left on its
   * own.
   */
  Consignment: z
    .object({
      Reference: z.string(),
      Orders: z.array(z.string()),
      ItemLines: z.array(certificateLine),
    })
    .optional(),
  /** The sailing in words: the carrier, the day and the route (decision 0040). */
  Sailing: z.string().optional(),
  Island: z.string(),
  TransportMode: z.string(),
  Route: z.string(),
  /** yyyy-MM-dd: the sailing the parcel left the UK on. */
  ExportDate: z.string(),
  Carrier: z.string(),
  /** The carrier's consignment (tracking) number. */
  TrackingNumber: z.string(),
});
export type CertificateFacts = z.infer<typeof certificateFactsSchema>;

/**
 * A verification code: 20 characters of Crockford base 32 (100 bits, unguessable), read as
 * Crockford reads (normaliseVerificationCode).
 */
export const verificationCode = publicCode('is not a certificate code');

/** GET /public/orders/exportcert/{Id}. */
export const exportCertificateParams = z.object({ Id: pathId }).strict();

/**
 * GET /public/certificates/verify/{code}: any text is taken, so that a malformed code is
 * answered as an unknown one (404), never with a hint about the format.
 */
export const verifyCertificateParams = publicCodeParams;

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
