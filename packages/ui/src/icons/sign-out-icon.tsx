import { makeIcon } from './make-icon';

/** Leaving through a door: sign out. */
export const SignOutIcon = makeIcon('SignOutIcon', ['M10 4H5v16h5', 'M14 8l4 4-4 4', 'M18 12H9']);
