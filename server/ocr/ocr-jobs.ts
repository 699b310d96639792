// The reads under way (spec 01 §9: the browser polls every 3000 ms). A read that finishes within
// `answerWithinMs` is answered at once; a longer one becomes a job the session that started it
// polls. A job is kept `keepMs` after it ends, then forgotten; another session's job is not found.
import { randomUUID } from 'node:crypto';
import type { OcrAnswer, OcrResult } from '../../forms/contracts/documents';
import { NOTICES } from '../../forms/messages';
import { ApiError } from '../api-error';

type State = { status: 'reading' } | { status: 'done'; result: OcrResult } | { status: 'failed'; error: ApiError };

interface Job {
  owner: string;
  state: State;
  endedAt?: number;
}

export interface OcrJobs {
  /** Runs the read: its answer if it ends within the wait (or its refusal), else a job to poll. */
  start(owner: string, read: () => Promise<OcrResult>): Promise<OcrAnswer>;
  /** The job's answer now; 404 for an unknown job or one another session started. */
  poll(owner: string, job: string): OcrAnswer;
  /** Jobs kept (reading or ended), for tests and the benchmark. */
  size(): number;
}

export const jobNotFound = () => new ApiError(404, 'La lectura del documento no existe o ya expiró.', 'not_found');
/** Anything but a refusal (4xx with the spec's message, or 503 while too many reads wait) is the spec's default error (spec 01 §8). */
export const ocrFailed = (error: unknown) =>
  error instanceof ApiError && (error.statusCode < 500 || error.statusCode === 503) ? error : new ApiError(500, NOTICES.ocrError, 'ocr_failed');

export function createOcrJobs({ answerWithinMs = 1000, keepMs = 10 * 60_000, now = () => Date.now() } = {}): OcrJobs {
  const jobs = new Map<string, Job>();

  const forget = () => {
    for (const [id, job] of jobs) if (job.endedAt !== undefined && now() - job.endedAt > keepMs) jobs.delete(id);
  };

  const answerOf = (state: State): OcrAnswer => {
    if (state.status === 'failed') throw state.error;
    if (state.status === 'done') return { status: 'done', result: state.result };
    throw new Error('a job still reading has no answer');
  };

  return {
    async start(owner, read) {
      forget();
      const job: Job = { owner, state: { status: 'reading' } };
      const settled = read().then(
        (result) => (job.state = { status: 'done', result }),
        (error: unknown) => (job.state = { status: 'failed', error: ocrFailed(error) }),
      );
      void settled.then(() => (job.endedAt = now()));
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([settled.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), answerWithinMs)))]);
      clearTimeout(timer);
      if (waited) return answerOf(job.state);
      const id = randomUUID();
      jobs.set(id, job);
      return { status: 'reading', job: id };
    },
    poll(owner, id) {
      forget();
      const job = jobs.get(id);
      if (!job || job.owner !== owner) throw jobNotFound();
      if (job.state.status === 'reading') return { status: 'reading', job: id };
      return answerOf(job.state);
    },
    size: () => jobs.size,
  };
}
