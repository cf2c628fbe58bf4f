import { z } from 'zod';

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
  Goods: z.object({ Description: z.string(), Quantity: z.number().int(), Value: z.number() }),
  Island: z.string(),
  TransportMode: z.string(),
  Route: z.string(),
  /** yyyy-MM-dd: the sailing the parcel left the UK on. */
  ExportDate: z.string(),
  Carrier: z.string(),
  TrackingNumber: z.string(),
});
export type CertificateFacts = z.infer<typeof certificateFactsSchema>;

/** A verification code: 20 characters of Crockford base 32 (100 bits, unguessable). */
export const verificationCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-HJKMNP-TV-Z]{20}$/, 'is not a certificate code');

/** GET /public/certificates/verify/{code}: the key facts of a genuine certificate. */
export const certificateVerification = z.object({
  Genuine: z.literal(true),
  OrderReference: z.string(),
  ExportDate: z.string(),
  Island: z.string(),
  Goods: z.string(),
  Value: z.number(),
  Issued: z.string(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;
