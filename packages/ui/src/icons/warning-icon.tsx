import { makeIcon } from './make-icon';

export const WarningIcon = makeIcon('WarningIcon', ['M12 4l9 16H3L12 4z', 'M12 10v4', 'M12 17h.01']);
