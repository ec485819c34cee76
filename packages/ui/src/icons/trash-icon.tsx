import { makeIcon } from './make-icon';

export const TrashIcon = makeIcon('TrashIcon', [
  'M4 7h16',
  'M10 11v6',
  'M14 11v6',
  'M6 7l1 13h10l1-13',
  'M9 7V4h6v3',
]);
