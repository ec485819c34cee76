import { refuse, userRoutes, type User } from '@ipportal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { refusalError } from '../http/refusals.js';
import { requestLocale } from '../http/locale.js';
import type { Principal } from './types.js';

/** Sent with the 403 so a client can tell "set up two-factor first" from other refusals without parsing text. */
export const twoFactorRequiredHeader = 'x-two-factor-required';

/**
 * What a member may still call while their organization requires two-factor sign-in and they
 * have not set it up: their own profile (the set-up page shows it, the language switch saves it).
 * The identity service (its own routes) and signing out are outside /user and stay open.
 */
const openBeforeSetUp = new Set([`/user${userRoutes.getUser.path}`]);

/**
 * The caller's organization requires two-factor sign-in and the identity provider says they
 * have not set it up. The requirement rides on the principal (dropped on every process when it
 * changes); the provider is asked on each call while it applies, so turning it on takes effect at
 * once, without a new token or a reload.
 */
export async function twoFactorSetUpMissing(app: FastifyInstance, principal: Principal): Promise<boolean> {
  if (principal.organizationRequiresTwoFactor !== true || !app.secondFactors.available) return false;
  return !(await app.secondFactors.isEnabled(app.db, principal.userType, principal.sub));
}

/**
 * The /user hook after `authenticate`: 403 twoFactorRequired for everything but the profile.
 * Most callers' organizations require nothing: for them it calls `done` at once, without a
 * promise (it runs on every request).
 */
export function requireTwoFactorSetUp(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void | Promise<void> {
  const refuseWithoutSetUp = async (request: FastifyRequest, reply: FastifyReply, principal: Principal) => {
    if (!(await twoFactorSetUpMissing(app, principal))) return;
    reply.header(twoFactorRequiredHeader, '1');
    throw refusalError(requestLocale(request), refuse('twoFactorRequired'));
  };
  return (request, reply, done) => {
    const principal = request.principal;
    if (!principal || principal.organizationRequiresTwoFactor !== true) return done();
    if (openBeforeSetUp.has(request.routeOptions.url ?? '')) return done();
    return refuseWithoutSetUp(request, reply, principal);
  };
}

/**
 * A user as the API answers it: repositories set `twoFactorSetupRequired` from the organization's
 * requirement alone; the identity provider's answer narrows it to the users who lack the factor.
 */
export async function withTwoFactorState(
  app: FastifyInstance,
  principal: Principal,
  user: User,
): Promise<User> {
  if (!user.twoFactorSetupRequired) return user;
  const missing = app.secondFactors.available
    ? !(await app.secondFactors.isEnabled(app.db, principal.userType, principal.sub))
    : false;
  return { ...user, twoFactorSetupRequired: missing };
}
