/*
 * The shared core of estimates and invoices (document-core/), under the names the payment,
 * concierge and list modules import it by.
 */
export {
  formatDocumentNumber,
  nextDocumentNumber,
  numberPrefix,
  type DocumentKind,
} from './document-core/numbering.js';
export {
  billedOfProject,
  billedUser,
  clientIdSql,
  clientNameSql,
  issuerOf,
  recipientOf,
  type Billed,
} from './document-core/parties.js';
export { itemValuesOf, lineInputs, toLine, toLineInput, trimDecimal } from './document-core/lines.js';
export { computeDocumentTotals, totalColumnsOf, totalsOf } from './document-core/totals.js';
export { containsPattern, tokyoDay, toSubject } from './document-core/subject.js';
