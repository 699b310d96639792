// The outbox's delivery under load (issue 19): 10,000 queued messages delivered through the queue
// (pg-boss, server/mail/mail-queue.ts) to an SMTP server started here (smtp-server, on loopback),
// on a fresh embedded database, or on PostgreSQL when DATABASE_URL is set. Prints the time from
// starting the queue to the last message marked sent, and how many arrived.
// Run: npm run bench:mail   (target: 10,000 messages in ≤ 60 s); MESSAGES=… to change the load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { smtpTransport } from '../../server/mail/mail-delivery';
import { createMailQueue } from '../../server/mail/mail-queue';

const MESSAGES = Number(process.env.MESSAGES ?? 10_000);
const databaseUrl = process.env.DATABASE_URL || undefined;

let arrived = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    stream.resume();
    stream.on('end', () => {
      arrived += 1;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const transport = smtpTransport(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`);

const dataDir = databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
await migrateToLatest(db);
if (databaseUrl) {
  await sql`drop schema if exists pgboss cascade`.execute(db);
  await sql`delete from mail_message`.execute(db);
}

// Messages as a save writes them (a resume link each, about 4 KB of HTML and text).
const html = `<p>${'Hola, JOSÉ ÑANDÚ. '.repeat(100)}</p>`;
const text = 'Hola, JOSÉ ÑANDÚ. '.repeat(100);
for (let start = 0; start < MESSAGES; start += 1000) {
  const rows = Array.from({ length: Math.min(1000, MESSAGES - start) }, (_, k) => {
    const i = start + k;
    return { application_uuid: `bench-${i}`, tipo: 'codigo' as const, destinatario: `solicitante${i}@example.com`, clave: `bench-${i}:codigo`, asunto: 'Tu solicitud de crédito: enlace para continuar', html, texto: text };
  });
  await db.insertInto('mail_message').values(rows).execute();
}

const queue = createMailQueue(db, { databaseUrl, transport, from: 'Arrendadora Occidente <solicitudes@example.com>', idleMs: 200 });
const started = performance.now();
await queue.start();
let sent = 0;
while (sent < MESSAGES) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  sent = Number((await db.selectFrom('mail_message').select((eb) => eb.fn.countAll<number>().as('n')).where('estado', '=', 'enviado').executeTakeFirstOrThrow()).n);
  if (performance.now() - started > 300_000) break;
}
const seconds = (performance.now() - started) / 1000;
await queue.stop();
transport.close();
await new Promise<void>((resolve) => smtp.close(() => resolve()));
await db.destroy();
if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });

console.log(`${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}: ${sent.toLocaleString('en')} of ${MESSAGES.toLocaleString('en')} messages marked sent in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s); ${arrived.toLocaleString('en')} arrived at the SMTP server`);
console.log(`target (10,000 messages in ≤ 60 s): ${sent === MESSAGES && seconds <= 60 * (MESSAGES / 10_000) ? 'met' : 'NOT met'}`);
process.exit(0);
