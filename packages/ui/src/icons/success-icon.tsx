import { makeIcon } from './make-icon';

export const SuccessIcon = makeIcon('SuccessIcon', ['M12 21a9 9 0 100-18 9 9 0 000 18z', 'M8 12.5l3 3 5-6']);
