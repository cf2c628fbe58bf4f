// Export certificates' words and codes (shared/codes.ts), without zod, so the public check page stays lean; the
// API contract (api/certificates.ts) re-exports them.

export {
  normalisePublicCode as normaliseVerificationCode,
  formatPublicCode as formatVerificationCode,
} from './codes';

/** The path of the public page that checks a certificate. */
export const verifyPath = (code: string) => `/verify/${code}`;

/** The name the PDF is saved under (docs/requirements.md §7). */
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
