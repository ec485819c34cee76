import { makeIcon } from './make-icon';

export const CheckIcon = makeIcon('CheckIcon', ['M5 12.5l4.5 4.5L19 7.5']);
