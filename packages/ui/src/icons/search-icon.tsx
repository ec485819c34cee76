import { makeIcon } from './make-icon';

export const SearchIcon = makeIcon('SearchIcon', ['M11 18a7 7 0 100-14 7 7 0 000 14z', 'M20 20l-4-4']);
