import { makeIcon } from './make-icon';

export const HistoryIcon = makeIcon('HistoryIcon', ['M4 12a8 8 0 102.3-5.6', 'M4 4v4h4', 'M12 8v4l3 2']);
