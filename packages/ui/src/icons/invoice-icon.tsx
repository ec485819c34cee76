import { makeIcon } from './make-icon';

export const InvoiceIcon = makeIcon('InvoiceIcon', [
  'M6 3h12v18l-3-2-3 2-3-2-3 2V3z',
  'M9 8h6',
  'M9 12h6',
  'M9 16h3',
]);
