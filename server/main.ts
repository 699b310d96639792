// Starts the product: one process serving the built app and the API on one port. The browser app
// is served as soon as the port is open (server/front-door.ts); the API's routes, the packages
// only they use and the database load behind it, and the API answers once they have.
import fs from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { isDatabaseUnreachable } from './db/database-errors';
import { databaseTarget, withServerLimits } from './db/database-target';
import { openFrontDoor } from './front-door';
import { retrying } from './retry';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
// The door opens first (`/` answers from it). The database-backed parts (and the packages only they
// use) load while the API's routes are built; the database itself opens first, while they load
// (waiting for them took 1.7 s of a start): its modules are part of this one, so PGlite's thread
// starts in the very turn the door has opened (imported on demand, they waited for the door's build:
// the thread started 0.13 s later; started before the door, it slowed the door by 0.03 s). A
// database not reachable yet (PostgreSQL starting or down) is tried again, the instance 'starting'
// meanwhile, instead of failing until a restart.
const door = await openFrontDoor(config);
const backend = retrying(
  async () => {
    const target = databaseTarget(config);
    const [db, { backendOn }] = await Promise.all([openDatabase(withServerLimits(config, target)), import('./backend')]);
    return backendOn(config, target, db);
  },
  {
    retryable: (error) => Boolean(config.databaseUrl) && isDatabaseUnreachable(error),
    onRetry: (error, waitMs) => console.error(`The database cannot be reached (${(error as Error).message}); trying again in ${waitMs / 1000} s.`),
  },
);
backend.catch(() => {}); // said below, and by the app (503) — not a crash before the app is built
const base = `http://localhost:${config.port}`;
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
console.log(`Solicitud online: ${base} (database: ${where})`);

const { buildApp } = await import('./app');
const app = await buildApp({ config, backend, serverFactory: door.serverFactory });
await app.ready();
door.handOver(app);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Behind a balancer (SIGTERM): keep answering while its health checks see 'stopping' and it sends
  // no more; a burst arriving meanwhile is answered instead of reset with the listening socket.
  const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
  app.draining = true;
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await door.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

backend.then(
  (ready) => {
    console.log('Database ready.');
    ready.pld.warm();
    ready.pldMonitor.start();
    if (config.mail.enabled) {
      // Instances starting together on a new database can deadlock in pg-boss's own set-up: tried again.
      retrying(() => ready.mailQueue.start(), {
        retryable: () => true,
        attempts: 6,
        onRetry: (error, waitMs) => console.error(`The e-mail queue did not start (${(error as Error).message}); trying again in ${waitMs / 1000} s.`),
      }).catch((error: Error) => console.error(`The e-mail queue did not start: ${error.message}`));
    }
    const demo = ready.demoStaffCreated;
    if (demo) {
      // Printed once: the password is stored only as a hash.
      console.log(
        demo.generatedPassword
          ? `Demo staff account created. Sign in at ${base}/staff/login as "${demo.username}" with password "${demo.generatedPassword}" (shown only now; DEMO_STAFF=false creates none).`
          : `Demo staff account created. Sign in at ${base}/staff/login as "${demo.username}" with the password of DEMO_STAFF_PASSWORD.`,
      );
    }
  },
  () => {
    console.error('The database could not be opened; the API answers 503. See the log above.');
  },
);
