import { makeIcon } from './make-icon';

export const AccountIcon = makeIcon('AccountIcon', ['M12 12a4 4 0 100-8 4 4 0 000 8z', 'M4 21a8 8 0 0116 0']);
