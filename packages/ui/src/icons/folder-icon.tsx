import { makeIcon } from './make-icon';

export const FolderIcon = makeIcon('FolderIcon', [
  'M3 7a1 1 0 011-1h5l2 2h9a1 1 0 011 1v9a1 1 0 01-1 1H4a1 1 0 01-1-1V7z',
]);
