import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { createIdentityUser, identityForApp } from './identity/index.js';
import { portalLinkFromConfig } from './http/portal-link.js';
import { refreshAllDeadlinesJob } from './reminders/jobs.js';
import { seedDemoBilling } from './seed/demo-billing.js';
import { seedDemo } from './seed/demo.js';
import { seedScaleDemo } from './seed/scale.js';

/**
 * Entry point: validate the environment, build the app (identity service wired in), seed the
 * demo data on a first start, listen, and shut down gracefully on SIGTERM/SIGINT.
 */
async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const identity = identityForApp(config);
  const app = await buildApp(config, {
    verifier: identity.verifier,
    secondFactors: identity.secondFactors,
    routes: identity.routes,
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests, then closing`);
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${config.timeouts.shutdownMs} ms: exiting`);
      process.exit(1);
    }, config.timeouts.shutdownMs);
    force.unref();
    app.close().then(
      () => {
        app.log.info('closed');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: Ctrl-C under pnpm delivers SIGINT twice (from the terminal and forwarded by
  // pnpm), and a second signal without a listener would kill the process mid-shutdown. Repeats are
  // ignored; the timeout above still ends a shutdown that hangs.
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.ready();
  let seeded: Awaited<ReturnType<typeof seedDemo>> | undefined;
  if (config.seedDemo) {
    seeded = await seedDemo(app.db, {
      ensureIdentityUser: async (user) => (await createIdentityUser(app.db, config, user)).sub,
    });
    app.log.info(seeded.created ? 'demo data seeded' : 'demo data already present');
    // The stored deadlines of the seeded matters (the start-up refresh may have run before them).
    if (seeded.created) await app.jobs.enqueue(app.db, refreshAllDeadlinesJob, {});
    // A sent estimate and an issued invoice of the demo office (also on a demo seeded earlier).
    if (
      await seedDemoBilling({
        db: app.db,
        storage: app.storage,
        jobs: app.jobs,
        // Seeded documents were not sent by anyone: nobody is mailed about them (and the
        // start-up banner stays the last thing a developer reads).
        queue: () => Promise.resolve(undefined),
        bus: app.bus,
        link: (path) => portalLinkFromConfig(config, path),
        requestTimeoutMs: config.timeouts.requestMs,
      })
    )
      app.log.info('demo estimate and invoice seeded');
  }
  let scaled: Awaited<ReturnType<typeof seedScaleDemo>> | undefined;
  if (config.seedScale > 0) {
    scaled = await seedScaleDemo(app.db, config.seedScale, {
      ensureIdentityUser: async (user) => (await createIdentityUser(app.db, config, user)).sub,
    });
    app.log.info(
      { seconds: scaled.seconds },
      scaled.created ? 'large organization seeded' : 'large organization already present',
    );
  }

  const address = await app.listen({ host: config.host, port: config.port });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url =
    config.publicUrl ??
    address.replace(
      /\/\/(0\.0\.0\.0|\[::\]|127\.0\.0\.1)(?=:)/,
      `//${shownHost === '127.0.0.1' ? 'localhost' : shownHost}`,
    );
  const lines = [
    '',
    `  IP Portal is running at ${url}`,
    `  database: ${config.database.driver === 'pglite' ? `PGlite in ${config.database.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    ...(config.isProduction ? [] : [`  API docs: ${url}/docs`]),
    ...(seeded
      ? [
          `  demo data: ${seeded.created ? 'created on this first start' : 'already present, reused'}`,
          '  demo logins:',
          ...seeded.logins.map((l) => `    ${l.userType.padEnd(7)}  ${l.email}  /  ${l.password}`),
        ]
      : []),
    ...(scaled
      ? [
          `  large organization (SEED_SCALE): ${scaled.created ? `${config.seedScale} matters seeded in ${scaled.seconds.toFixed(1)} s` : 'already present, reused'}`,
          `    REGULAR  ${scaled.email}  /  ${scaled.password}`,
        ]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
