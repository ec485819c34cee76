import { makeIcon } from './make-icon';

export const InboxIcon = makeIcon('InboxIcon', ['M4 13l2-8h12l2 8', 'M4 13v6h16v-6', 'M4 13h5l1 2h4l1-2h5']);
