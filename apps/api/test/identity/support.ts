import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { UserType } from '@ipportal/domain';
import type { AuthConfig } from '@ipportal/auth';
import {
  identityForApp,
  type IdentityForApp,
  type IdentityOverrides,
  type IdentityService,
} from '../../src/identity/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { cognitoCall } from '../support/identity-http.js';
import { queuedMailIds, waitForEmlFiles } from '../support/mail-files.js';

export interface IdentityServer {
  context: TestContext;
  origin: string;
  /** Pool settings as /config.json gives them to the web app. */
  pools: AuthConfig['pools'];
  service: IdentityService;
  /**
   * The newest code mailed to an address with a template, read from the .eml files in
   * DATA_DIR/mail once delivered (delivery is a background job: these wait for the files).
   */
  lastCode(to: string, template: 'signupCode' | 'passwordResetCode'): Promise<string>;
  mails(to: string): Promise<string[]>;
  /** Posts one Cognito operation the way the client library does. */
  call(
    userType: UserType,
    operation: string,
    body: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/**
 * The app with the embedded identity service on the project's database (PGlite or PostgreSQL),
 * listening on a random port so amazon-cognito-identity-js can reach it over real HTTP. Mail goes
 * to the default .eml transport.
 */
export async function startIdentityServer(overrides: IdentityOverrides = {}): Promise<IdentityServer> {
  let identity: IdentityForApp | undefined;
  const context = await createTestContext(
    {},
    {
      verifier: (app) => {
        identity = identityForApp(app.config, overrides);
        return identity.verifier(app);
      },
      secondFactors: (app) => {
        if (!identity?.secondFactors) throw new Error('the embedded identity service gives second factors');
        return identity.secondFactors(app);
      },
      routes: [
        async (app) => {
          for (const routes of identity?.routes ?? []) await routes(app);
        },
      ],
    },
  );
  await context.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = context.app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const service = identity?.service();
  if (!service) throw new Error('the embedded identity service did not start');
  const { regular, patent } = context.config.identity;
  const pools: AuthConfig['pools'] = {
    REGULAR: {
      userPoolId: regular.userPoolId,
      clientId: regular.clientId,
      endpoint: `${origin}${regular.embeddedPath}`,
    },
    PATENT: {
      userPoolId: patent.userPoolId,
      clientId: patent.clientId,
      endpoint: `${origin}${patent.embeddedPath}`,
    },
  };
  const mailDir = path.join(context.dataDir, 'mail');

  return {
    context,
    origin,
    pools,
    service,
    async mails(to) {
      const ids = await queuedMailIds(context.app.db, to);
      return (await waitForEmlFiles(mailDir, ids)).map((file) => textOfEml(file.eml));
    },
    async lastCode(to, template) {
      const id = (await queuedMailIds(context.app.db, to, template)).at(-1);
      if (!id) throw new Error(`no ${template} mail to ${to}`);
      const [file] = await waitForEmlFiles(mailDir, [id]);
      const code = /\b(\d{6})\b/.exec(textOfEml(file!.eml))?.[1];
      if (!code) throw new Error(`no code in ${file!.name}`);
      return code;
    },
    call: (userType, operation, body) => cognitoCall(pools[userType].endpoint!, operation, body),
    close: () => context.close(),
  };
}

/** The decoded text/plain part of an .eml file written by nodemailer. */
export function textOfEml(eml: string): string {
  const part =
    /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*?Content-Transfer-Encoding: ([\w-]+)\n\n([\s\S]*?)\n(?:--|$)/i.exec(
      eml,
    );
  if (!part) return eml;
  const [, encoding = '7bit', body = ''] = part;
  if (encoding.toLowerCase() === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** An in-memory Web Storage for the client library in Node. */
export { MemoryStorage } from '@ipportal/auth';
