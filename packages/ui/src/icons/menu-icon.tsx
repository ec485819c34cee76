import { makeIcon } from './make-icon';

export const MenuIcon = makeIcon('MenuIcon', ['M4 6h16', 'M4 12h16', 'M4 18h16']);
