// The reads under way (spec 01 §9: the browser polls every 3000 ms). A read that finishes within
// `answerWithinMs` is answered at once; a longer one becomes a job, a row of ocr_job, that the
// session which started it polls on whichever instance its poll lands. The instance running the read
// renews the row's heartbeat every `heartbeatMs`; a job still reading whose heartbeat is older than
// `staleMs` (its instance stopped) is answered, from then on, as the spec's failure. A job is kept
// `keepMs` after it ends, then forgotten (older rows are removed as a new job starts); another
// session's job is not found.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { OcrAnswer, OcrResult } from '../../forms/contracts/documents';
import { NOTICES } from '../../forms/messages';
import { ApiError } from '../api-error';
import type { Database } from '../db/schema';
import { storedJson } from '../db/stored-json';

type Ended = { state: 'done'; result: OcrResult } | { state: 'failed'; error: ApiError };
/** A failure as kept in its row. */
interface StoredError {
  statusCode: number;
  message: string;
  code?: string;
  details: Record<string, unknown>;
}

export interface OcrJobs {
  /** Runs the read: its answer if it ends within the wait (or its refusal), else a job to poll. */
  start(owner: string, read: () => Promise<OcrResult>): Promise<OcrAnswer>;
  /** The job's answer now; 404 for an unknown job, one another session started, or one ended too long ago. */
  poll(owner: string, job: string): Promise<OcrAnswer>;
}

export const jobNotFound = () => new ApiError(404, 'La lectura del documento no existe o ya expiró.', 'not_found');
/** Anything but a refusal (4xx with the spec's message, or 503 while too many reads wait) is the spec's default error (spec 01 §8). */
export const ocrFailed = (error: unknown) =>
  error instanceof ApiError && (error.statusCode < 500 || error.statusCode === 503) ? error : new ApiError(500, NOTICES.ocrError, 'ocr_failed');

const stored = (error: ApiError): StoredError => ({ statusCode: error.statusCode, message: error.message, code: error.code, details: error.details });
const revived = ({ statusCode, message, code, details }: StoredError) => new ApiError(statusCode, message, code, details);
const answerOf = (ended: Ended): OcrAnswer => {
  if (ended.state === 'failed') throw ended.error;
  return { status: 'done', result: ended.result };
};

export function createOcrJobs(db: Kysely<Database>, { answerWithinMs = 1000, keepMs = 10 * 60_000, heartbeatMs = 5000, staleMs = 20_000 } = {}): OcrJobs {
  /** This process: the jobs it runs carry it, and only it renews their heartbeat or ends them. */
  const instance = randomUUID();
  const running = new Set<string>();
  let heartbeat: NodeJS.Timeout | undefined;
  const now = sql<string>`now()`;
  const olderThan = (ms: number) => sql<boolean>`updated_at < now() - make_interval(secs => ${ms / 1000})`;

  const beat = () =>
    db
      .updateTable('ocr_job')
      .set({ updated_at: now })
      .where('id', 'in', [...running])
      .where('instance', '=', instance)
      .where('state', '=', 'reading')
      .execute()
      .catch(() => {}); // a beat missed; the next one renews it
  const track = (id: string) => {
    running.add(id);
    heartbeat ??= setInterval(() => running.size > 0 && void beat(), heartbeatMs).unref();
  };
  const untrack = (id: string) => {
    running.delete(id);
    if (running.size > 0) return;
    clearInterval(heartbeat);
    heartbeat = undefined;
  };

  /** Writes the read's end, unless the job was meanwhile answered as lost. */
  const end = (id: string, ended: Ended) =>
    db
      .updateTable('ocr_job')
      .set(ended.state === 'done' ? { state: 'done', result: JSON.stringify(ended.result), updated_at: now } : { state: 'failed', error: JSON.stringify(stored(ended.error)), updated_at: now })
      .where('id', '=', id)
      .where('instance', '=', instance)
      .where('state', '=', 'reading')
      .execute();

  const find = (id: string) =>
    db.selectFrom('ocr_job').select(['owner', 'state', 'result', 'error', olderThan(keepMs).as('expired'), olderThan(staleMs).as('stale')]).where('id', '=', id).executeTakeFirst();

  /** A job whose instance stopped renewing it: failed, as a read that failed. */
  const markLost = (id: string) =>
    db
      .updateTable('ocr_job')
      .set({ state: 'failed', error: JSON.stringify(stored(ocrFailed(null))), updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'reading')
      .where(olderThan(staleMs))
      .execute();

  return {
    async start(owner, read) {
      const reading = read().then(
        (result): Ended => ({ state: 'done', result }),
        (error: unknown): Ended => ({ state: 'failed', error: ocrFailed(error) }),
      );
      let timer: NodeJS.Timeout | undefined;
      const quick = await Promise.race([reading, new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), answerWithinMs)))]);
      clearTimeout(timer);
      if (quick) return answerOf(quick);
      const id = randomUUID();
      track(id);
      try {
        await db.deleteFrom('ocr_job').where(olderThan(keepMs)).execute();
        await db.insertInto('ocr_job').values({ id, owner, state: 'reading', instance }).execute();
      } catch (error) {
        untrack(id);
        throw error;
      }
      void reading
        .then((ended) => end(id, ended))
        .catch(() => {}) // not written: the job goes stale and is answered as failed
        .finally(() => untrack(id));
      return { status: 'reading', job: id };
    },
    async poll(owner, id) {
      const found = async () => {
        const row = await find(id);
        if (!row || row.owner !== owner) throw jobNotFound();
        return row;
      };
      let row = await found();
      if (row.state === 'reading' && row.stale) {
        await markLost(id);
        row = await found();
      }
      if (row.state === 'reading') return { status: 'reading', job: id };
      if (row.expired) throw jobNotFound();
      return answerOf(row.state === 'done' ? { state: 'done', result: storedJson<OcrResult>(row.result) } : { state: 'failed', error: revived(storedJson<StoredError>(row.error)) });
    },
  };
}
