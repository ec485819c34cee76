import { normalizeEmail, userTypes, type UserType } from '@ipportal/domain';
import { CognitoUser, type CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { createUserPool, getSession } from './cognito-calls.js';
import type { AuthConfig } from './config.js';
import { AuthError } from './errors.js';
import { AuthMessage } from './messages.js';
import type { AuthStorage } from './storage.js';

/** A user with a valid session, and the user type of the pool it was found in. */
export interface SignedInUser {
  user: CognitoUser;
  session: CognitoUserSession;
  userType: UserType;
}

/**
 * The user pools, one per user type, created on first use over the client's storage. One person
 * has one session: signing in to one pool drops a session kept for the other (`forgetOthers`), and
 * the current user is looked for in the pool of the remembered user type first.
 */
export class UserPools {
  private readonly pools = new Map<UserType, CognitoUserPool>();

  constructor(
    private readonly config: AuthConfig['pools'],
    private readonly storage: AuthStorage,
  ) {}

  pool(userType: UserType): CognitoUserPool {
    let pool = this.pools.get(userType);
    if (!pool) {
      const config = this.config[userType] as AuthConfig['pools'][UserType] | undefined;
      if (!config) throw new AuthError(AuthMessage.invalidUserPool);
      pool = createUserPool(config, this.storage);
      this.pools.set(userType, pool);
    }
    return pool;
  }

  /**
   * The library's user for an email (the user name) in the pool of `userType`; a full-width
   * address is its half-width form, as at sign-up.
   */
  user(userType: UserType, email: string): CognitoUser {
    return new CognitoUser({
      Username: normalizeEmail(email),
      Pool: this.pool(userType),
      Storage: this.storage,
    });
  }

  /** The signed-in user with a valid (possibly just refreshed) session, from `preferred`'s pool first. */
  async currentUser(preferred: UserType | null): Promise<SignedInUser | null> {
    const order = preferred
      ? [preferred, ...userTypes.values.filter((type) => type !== preferred)]
      : [...userTypes.values];
    for (const userType of order) {
      const user = this.pool(userType).getCurrentUser();
      if (!user) continue;
      const session = await getSession(user);
      if (session?.isValid()) return { user, session, userType };
    }
    return null;
  }

  /** One person, one session: signing in to one pool drops a session kept for the other. */
  forgetOthers(userType: UserType): void {
    for (const other of userTypes.values) {
      if (other !== userType) this.pool(other).getCurrentUser()?.signOut();
    }
  }
}
