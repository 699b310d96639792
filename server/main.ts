// Starts the product: one process serving the built app and the API on one port.
import fs from 'node:fs';
import { buildApp } from './app';
import { databaseTarget, openBackend } from './backend';
import { loadConfig } from './config';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const config = loadConfig();
const backend = openBackend(config, databaseTarget(config));
const app = await buildApp({ config, backend });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
const base = `http://localhost:${config.port}`;
console.log(`Solicitud online: ${base} (database: ${where})`);

backend.then(
  (ready) => {
    console.log('Database ready.');
    ready.pld.warm();
    ready.pldMonitor.start();
    if (config.mail.enabled) ready.mailQueue.start().catch((error: Error) => console.error(`The e-mail queue did not start: ${error.message}`));
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
