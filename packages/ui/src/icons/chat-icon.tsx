import { makeIcon } from './make-icon';

export const ChatIcon = makeIcon('ChatIcon', ['M4 5h16v11H9l-5 4V5z']);
