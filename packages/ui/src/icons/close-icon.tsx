import { makeIcon } from './make-icon';

export const CloseIcon = makeIcon('CloseIcon', ['M6 6l12 12', 'M18 6L6 18']);
