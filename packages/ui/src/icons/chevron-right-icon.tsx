import { makeIcon } from './make-icon';

export const ChevronRightIcon = makeIcon('ChevronRightIcon', ['M9 6l6 6-6 6']);
