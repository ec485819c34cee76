import { makeIcon } from './make-icon';

export const CalendarIcon = makeIcon('CalendarIcon', [
  'M5 5h14a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z',
  'M4 10h16',
  'M8 3v4',
  'M16 3v4',
]);
