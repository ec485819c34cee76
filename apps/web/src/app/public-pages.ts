import type { ComponentType } from 'react';
import type { PageRouteId } from '../routes/route-table';

/** Loads a page's code; the router calls it once the route's guard lets the visitor in. */
export type PageLoader = () => Promise<ComponentType>;

/**
 * The pages a signed-out visitor may open (routes whose access is not `protected`), in the first
 * download; every other page is loaded through the signed-in chunk (`route-pages.ts`).
 */
export const publicPages = {
  signup: () => import('../features/auth/signup-page').then((m) => m.SignupPage),
  verify: () => import('../features/auth/verify-page').then((m) => m.VerifyPage),
  login: () => import('../features/auth/login-page').then((m) => m.LoginPage),
  passwordReset: () => import('../features/auth/password-reset-page').then((m) => m.PasswordResetPage),
  notFound: () => import('../features/shell/not-found-page').then((m) => m.NotFoundPage),
} satisfies Partial<Record<PageRouteId, PageLoader>>;

export function isPublicPage(id: PageRouteId): id is keyof typeof publicPages {
  return id in publicPages;
}
