export * from './billing-document.js';
export { billingDocumentOf, showsWithholding } from './billing-document-of.js';
export * from './document-input.js';
export type { DocumentFace, DocumentText } from './document-text.js';
export { documentTexts } from './document-texts.js';
