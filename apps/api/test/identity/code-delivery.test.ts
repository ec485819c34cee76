/**
 * A sign-up or reset code goes through the mail outbox yet still arrives at once: the delivery
 * job is woken by NOTIFY when the code's transaction commits, not found by a poll.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema/index.js';
import { identityForApp, type IdentityForApp } from '../../src/identity/index.js';
import { createTestContext, type TestContext } from '../support/app.js';
import { skipDriver } from '../support/db.js';
import { createMailSink, type MailSink } from '../support/mail-sink.js';

const profile = [
  { Name: 'name', Value: 'Ken Sato' },
  { Name: 'address', Value: 'Osaka' },
  { Name: 'phone_number', Value: '+81612345678' },
  { Name: 'custom:region_code', Value: '1' },
];

describe.skipIf(skipDriver)('identity codes through the outbox', () => {
  let ctx: TestContext;
  let sink: MailSink;
  let identity: IdentityForApp | undefined;

  beforeAll(async () => {
    sink = createMailSink();
    ctx = await createTestContext(
      {},
      {
        mailer: sink,
        verifier: (app) => {
          identity = identityForApp(app.config);
          return identity.verifier(app);
        },
        routes: [
          async (app) => {
            for (const routes of identity?.routes ?? []) await routes(app);
          },
        ],
      },
    );
  });
  afterAll(async () => ctx.close());

  const operation = (name: string, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: ctx.config.identity.regular.embeddedPath,
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${name}`,
      },
      payload: JSON.stringify(body),
    });

  it('delivers a sign-up code well within 2 s of the SignUp call', async () => {
    const email = 'quick@example.com';
    const started = performance.now();
    const response = await operation('SignUp', {
      ClientId: ctx.config.identity.regular.clientId,
      Username: email,
      Password: 'Sakura-2024',
      UserAttributes: profile,
    });
    expect(response.statusCode).toBe(200);
    const mail = await sink.waitFor((m) => m.to === email && m.template === 'signupCode', 2_000);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(1_000);
    expect((mail.params as { code: string }).code).toMatch(/^\d{6}$/);
    const [row] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(row).toMatchObject({ template: 'signupCode', attempts: 1 });
  });

  it('delivers a reset code as quickly', async () => {
    const email = 'quick@example.com';
    const started = performance.now();
    const response = await operation('ForgotPassword', {
      ClientId: ctx.config.identity.regular.clientId,
      Username: email,
    });
    expect(response.statusCode).toBe(200);
    await sink.waitFor((m) => m.to === email && m.template === 'passwordResetCode', 2_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('leaves neither an account nor a mail when the sign-up is refused', async () => {
    const response = await operation('SignUp', {
      ClientId: ctx.config.identity.regular.clientId,
      Username: 'QUICK@example.com',
      Password: 'Sakura-2024',
      UserAttributes: profile,
    });
    expect(response.json()).toMatchObject({ __type: 'UsernameExistsException' });
    const rows = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'QUICK@example.com'));
    expect(rows).toEqual([]);
  });
});
