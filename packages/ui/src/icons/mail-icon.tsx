import { makeIcon } from './make-icon';

export const MailIcon = makeIcon('MailIcon', ['M4 6h16v12H4z', 'M4 7l8 6 8-6']);
