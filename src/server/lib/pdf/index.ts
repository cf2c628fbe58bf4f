// The documents a node prints: the export certificate, the depot's label and the customs
// declaration. Their code (pdfkit, fontkit with the fonts' tables, the barcodes) is loaded with the
// first document a node makes rather than at its start: with sharp's and Stripe's, it was 0.7 s of
// every node's start, and most nodes print nothing for minutes at a time.
import type * as Certificate from './certificate';
import type * as Declaration from './customs-declaration';
import type * as Label from './label';

export const renderCertificate: typeof Certificate.renderCertificate = async (input) =>
  (await import('./certificate')).renderCertificate(input);

export const renderLabel: typeof Label.renderLabel = async (facts) =>
  (await import('./label')).renderLabel(facts);

export const renderDeclaration: typeof Declaration.renderDeclaration = async (input) =>
  (await import('./customs-declaration')).renderDeclaration(input);

export const renderLabelWithDeclaration: typeof Declaration.renderLabelWithDeclaration = async (
  ...args
) => (await import('./customs-declaration')).renderLabelWithDeclaration(...args);
