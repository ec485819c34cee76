import { makeIcon } from './make-icon';

export const PlusIcon = makeIcon('PlusIcon', ['M12 5v14', 'M5 12h14']);
