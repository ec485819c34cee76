import { makeIcon } from './make-icon';

export const FileIcon = makeIcon('FileIcon', [
  'M6 3h8l5 5v12a1 1 0 01-1 1H6a1 1 0 01-1-1V4a1 1 0 011-1z',
  'M14 3v5h5',
]);
