// The outbox's delivery through a job queue on the same database (README, "E-mail outbox"):
// pg-boss 10.4.2 (the last release for Node 20), over its own small pool on PostgreSQL and over the
// PGlite thread on the embedded database (server/db/pgboss-pglite.ts). A relay hands the messages
// the saves wrote to the queue, each as a job whose id comes from the message's, due at its
// `enviar_desde`; a worker loop fetches due jobs, delivers each (server/mail/mail-delivery.ts) and
// completes or fails it, pg-boss retrying with backoff. pg-boss's own `work()` is not used: it
// does not await its complete/fail calls, and a failed one would stop the process.
import PgBoss from 'pg-boss';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { pgliteThreadOf } from '../db/database';
import { pgBossOverPGlite } from '../db/pgboss-pglite';
import { deliverMessage, MAX_ATTEMPTS, SMTP_CONNECTIONS, type MailTransport } from './mail-delivery';

export const MAIL_QUEUE = 'correo';

export interface MailQueueOptions {
  /** PostgreSQL's connection string; unset, the embedded database's thread. */
  databaseUrl?: string;
  transport: MailTransport | null;
  from: string;
  /** Between two looks for new messages or due jobs when there was nothing to do. */
  idleMs?: number;
  /** Seconds before the first retry of a refused message (doubled each time). */
  retryDelaySeconds?: number;
  batchSize?: number;
  /** A job taken by an instance that stopped answering is tried again this long after it was taken. */
  expireInSeconds?: number;
  /** How often pg-boss looks for such jobs (its maintenance). */
  maintenanceIntervalSeconds?: number;
}

export interface MailQueue {
  start(): Promise<void>;
  /** Looks for new messages now (after a save), instead of at the next idle tick. */
  kick(): void;
  stop(): Promise<void>;
}

const SWEEP_EVERY_MS = 5 * 60_000;
/** The reason a message pg-boss gave up on is marked failed with. */
export const GIVEN_UP = 'La cola de envío dejó de intentarlo tras varios intentos fallidos.';

/**
 * A message's job id: a UUID made from its id and the times staff sent it again, so handing it over
 * twice makes one job, and a resend a new one (pg-boss drops a job whose id it still holds, and it
 * keeps a completed job for hours).
 */
export const jobIdOf = (messageId: number, resends = 0) => `${resends.toString(16).padStart(8, '0')}-0000-4000-8000-${messageId.toString(16).padStart(12, '0')}`;

export function createMailQueue(
  db: Kysely<Database>,
  { databaseUrl, transport, from, idleMs = 1000, retryDelaySeconds = 30, batchSize = 50, expireInSeconds = 15 * 60, maintenanceIntervalSeconds = 120 }: MailQueueOptions,
): MailQueue {
  let boss: PgBoss | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  /** Hands the messages not yet queued to pg-boss, then marks them: a crash in between queues them again, as the same jobs. */
  async function relay(): Promise<number> {
    const fresh = await db.selectFrom('mail_message').select(['id', 'enviar_desde', 'reenvios']).where('encolado', '=', false).orderBy('id').limit(500).execute();
    if (fresh.length === 0) return 0;
    await boss!.insert(
      fresh.map(({ id, enviar_desde, reenvios }) => ({
        id: jobIdOf(id, reenvios),
        name: MAIL_QUEUE,
        data: { id },
        startAfter: new Date(enviar_desde),
        retryLimit: MAX_ATTEMPTS - 1,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        // The default is long enough for a fetched batch of 50 sent 5 at a time with the transport's timeouts.
        expireInSeconds,
      })),
    );
    await db.updateTable('mail_message').set({ encolado: true }).where('id', 'in', fresh.map(({ id }) => id)).execute();
    return fresh.length;
  }

  /**
   * Marks failed the messages whose job pg-boss gave up on (its tries spent while the delivery
   * itself kept failing, or the job lost), so they do not wait as pending forever: staff see them
   * and can send them again. Looked for every few minutes, among messages due over an hour ago.
   */
  let lastSweep = 0;
  async function sweep() {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    const overdue = await db
      .selectFrom('mail_message')
      .select(['id', 'reenvios'])
      .where('estado', '=', 'pendiente')
      .where('encolado', '=', true)
      .where('enviar_desde', '<', sql<Date>`now() - interval '1 hour'`)
      .orderBy('id')
      .limit(100)
      .execute();
    for (const { id, reenvios } of overdue) {
      const job = await boss!.getJobById(MAIL_QUEUE, jobIdOf(id, reenvios), { includeArchive: true });
      if (job && job.state !== 'failed' && job.state !== 'completed' && job.state !== 'cancelled') continue;
      await db
        .updateTable('mail_message')
        .set({ estado: 'fallido', ultimo_error: GIVEN_UP })
        .where('id', '=', id)
        .where('estado', '=', 'pendiente')
        // Not if staff sent it again meanwhile (a new job, not yet looked at).
        .where('reenvios', '=', reenvios)
        .where('encolado', '=', true)
        .execute();
    }
  }

  /** Delivers the due jobs fetched; answers how many there were. */
  async function work(): Promise<number> {
    const jobs = await boss!.fetch<{ id: number }>(MAIL_QUEUE, { batchSize });
    // Several at once, as many as the SMTP connections kept.
    const waiting = [...jobs];
    const deliverNext = async (): Promise<void> => {
      const job = waiting.shift();
      if (!job) return;
      try {
        await deliverMessage(db, transport, from, job.data.id);
        await boss!.complete(MAIL_QUEUE, job.id);
      } catch (error) {
        // A failed complete or fail leaves the job to expire and be tried again (the message, if sent, is marked and skipped).
        await boss!.fail(MAIL_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) }).catch((failure: Error) => console.error(`mail queue: ${failure.message}`));
      }
      return deliverNext();
    };
    await Promise.all(Array.from({ length: SMTP_CONNECTIONS }, deliverNext));
    return jobs.length;
  }

  async function runOnce() {
    await sweep();
    do {
      again = false;
      const moved = await relay();
      const worked = await work();
      if (moved > 0 || worked > 0) again = true;
    } while (again && !stopped);
  }

  function schedule(delay: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delay);
  }

  function tick() {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error: Error) => console.error(`mail queue: ${error.message}`))
      .finally(() => {
        running = null;
        schedule(idleMs);
      });
  }

  return {
    async start() {
      const thread = databaseUrl ? undefined : pgliteThreadOf(db);
      if (!databaseUrl && !thread) throw new Error('mail queue: the embedded database has no PGlite thread');
      const starting = databaseUrl
        ? new PgBoss({ connectionString: databaseUrl, max: 3, schedule: false, maintenanceIntervalSeconds })
        : new PgBoss({ db: pgBossOverPGlite(db as Kysely<unknown>, thread!), schedule: false, maintenanceIntervalSeconds });
      starting.on('error', (error) => console.error(`mail queue: ${error.message}`));
      // Until the queue exists, a relay would hand over jobs pg-boss drops: kick() waits for this.
      try {
        await starting.start();
        await starting.createQueue(MAIL_QUEUE);
      } catch (error) {
        await starting.stop({ graceful: false, close: Boolean(databaseUrl) }).catch(() => undefined);
        throw error;
      }
      if (stopped) {
        await starting.stop({ graceful: false, wait: true, close: Boolean(databaseUrl) });
        return;
      }
      boss = starting;
      schedule(0);
    },
    kick() {
      if (boss && !stopped) schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await boss?.stop({ graceful: false, wait: true, close: Boolean(databaseUrl) });
    },
  };
}
