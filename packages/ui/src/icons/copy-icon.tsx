import { makeIcon } from './make-icon';

export const CopyIcon = makeIcon('CopyIcon', ['M9 9h11v11H9z', 'M5 15H4V4h11v1']);
