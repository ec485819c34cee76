import { makeIcon } from './make-icon';

export const BuildingIcon = makeIcon('BuildingIcon', [
  'M5 21V4h10v17',
  'M15 9h4v12',
  'M9 8h2',
  'M9 12h2',
  'M9 16h2',
  'M3 21h18',
]);
