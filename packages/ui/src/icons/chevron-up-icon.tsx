import { makeIcon } from './make-icon';

export const ChevronUpIcon = makeIcon('ChevronUpIcon', ['M6 15l6-6 6 6']);
