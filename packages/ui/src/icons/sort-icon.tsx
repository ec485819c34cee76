import { makeIcon } from './make-icon';

export const SortIcon = makeIcon('SortIcon', ['M8 10l4-4 4 4', 'M8 14l4 4 4-4']);
