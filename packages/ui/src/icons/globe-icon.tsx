import { makeIcon } from './make-icon';

export const GlobeIcon = makeIcon('GlobeIcon', [
  'M12 21a9 9 0 100-18 9 9 0 000 18z',
  'M3 12h18',
  'M12 3a14 14 0 010 18',
  'M12 3a14 14 0 000 18',
]);
