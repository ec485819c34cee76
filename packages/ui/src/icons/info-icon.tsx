import { makeIcon } from './make-icon';

export const InfoIcon = makeIcon('InfoIcon', ['M12 21a9 9 0 100-18 9 9 0 000 18z', 'M12 11v5', 'M12 8h.01']);
