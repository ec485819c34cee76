import type { LazyMessages } from '../../shared/lazy-messages';

/** The chat's texts (room list, room, composer, the sidebar badge's label), loaded with them. */
export const chatTexts: LazyMessages = {
  id: 'chat',
  load: () => import('./locales/texts').then((m) => m.texts),
};
