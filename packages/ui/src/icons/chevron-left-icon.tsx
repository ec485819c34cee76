import { makeIcon } from './make-icon';

export const ChevronLeftIcon = makeIcon('ChevronLeftIcon', ['M15 6l-6 6 6 6']);
