import { makeIcon } from './make-icon';

export const ErrorIcon = makeIcon('ErrorIcon', [
  'M12 21a9 9 0 100-18 9 9 0 000 18z',
  'M15 9l-6 6',
  'M9 9l6 6',
]);
