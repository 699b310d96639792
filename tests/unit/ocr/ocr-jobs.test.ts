// The reads under way: a quick read answered at once, a slow one a job polled by its own session,
// failures as the spec's messages, ended jobs forgotten after a while.
import { describe, expect, it } from 'vitest';
import type { OcrResult } from '../../../forms/contracts/documents';
import { NOTICES } from '../../../forms/messages';
import { ApiError } from '../../../server/api-error';
import { createOcrJobs } from '../../../server/ocr/ocr-jobs';

const RESULT: OcrResult = { template: 'CSF', data: { rfc: 'SAT970701NN3' }, uncertain: [], message: NOTICES.ocrSuccess };
const after = (ms: number, value: OcrResult = RESULT) => () => new Promise<OcrResult>((resolve) => setTimeout(() => resolve(value), ms));
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('OCR jobs', () => {
  it('a read within the wait is answered at once and leaves no job', async () => {
    const jobs = createOcrJobs({ answerWithinMs: 200 });
    expect(await jobs.start('public:a', after(5))).toEqual({ status: 'done', result: RESULT });
    expect(jobs.size()).toBe(0);
  });

  it('a longer read is a job: reading, then done; another session does not find it', async () => {
    const jobs = createOcrJobs({ answerWithinMs: 20 });
    const answer = await jobs.start('public:a', after(80));
    expect(answer).toEqual({ status: 'reading', job: expect.any(String) });
    const job = (answer as { job: string }).job;
    expect(jobs.poll('public:a', job)).toEqual({ status: 'reading', job });
    expect(() => jobs.poll('public:b', job)).toThrow(expect.objectContaining({ statusCode: 404 }));
    await tick(120);
    expect(jobs.poll('public:a', job)).toEqual({ status: 'done', result: RESULT });
  });

  it("a refusal keeps its status and message; any other failure is the spec's default error", async () => {
    const jobs = createOcrJobs({ answerWithinMs: 200 });
    await expect(jobs.start('s', () => Promise.reject(new ApiError(422, NOTICES.ocrWrongId)))).rejects.toMatchObject({ statusCode: 422, message: NOTICES.ocrWrongId });
    await expect(jobs.start('s', () => Promise.reject(new Error('tesseract crashed')))).rejects.toMatchObject({ statusCode: 500, message: NOTICES.ocrError });
  });

  it('an ended job is forgotten once kept long enough', async () => {
    let now = 0;
    const jobs = createOcrJobs({ answerWithinMs: 10, keepMs: 1000, now: () => now });
    const { job } = (await jobs.start('s', after(30))) as { job: string };
    await tick(60);
    now = 999;
    expect(jobs.poll('s', job).status).toBe('done');
    now = 1001;
    expect(() => jobs.poll('s', job)).toThrow(expect.objectContaining({ statusCode: 404 }));
  });
});
