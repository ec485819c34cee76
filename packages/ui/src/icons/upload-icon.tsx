import { makeIcon } from './make-icon';

export const UploadIcon = makeIcon('UploadIcon', [
  'M12 16V4',
  'M7 9l5-5 5 5',
  'M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3',
]);
