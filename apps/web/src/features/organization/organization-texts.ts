import type { LazyMessages } from '../../shared/lazy-messages';

/**
 * Texts of the organization screens (create, users, invitation) and of the assignment picker on
 * a matter, loaded with those screens so they stay out of what /login downloads first.
 */
export const organizationTexts: LazyMessages = {
  id: 'organization',
  load: () => import('./locales/texts').then((m) => m.texts),
};
