import { makeIcon } from './make-icon';

export const ChevronDownIcon = makeIcon('ChevronDownIcon', ['M6 9l6 6 6-6']);
