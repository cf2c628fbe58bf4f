// Export certificates' words and codes, without zod, so the public check page stays lean; the
// API contract (api/certificates.ts) re-exports them.

/** Crockford's base 32: digits and capitals without I, L, O and U, so a code reads back safely. */
export const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFICATION_CODE_LENGTH = 20;

/** A code as Crockford reads it: any case, hyphens and spaces ignored, I and L as 1, O as 0. */
export const normaliseVerificationCode = (text: string) =>
  text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');

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
