// PGlite on its own thread (server/db/pglite-thread.ts): a thread that fails to start is its
// caller's error, and the process goes on; a thread that stops once running is reported lost (the
// server then exits, to be restarted).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PGliteThread } from '../../server/db/pglite-thread';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe.runIf(process.env.TEST_DATABASE !== 'postgres')('PGlite on its own thread', () => {
  it('rejects a start that fails (an image that is not one) without reporting the thread lost', async () => {
    const image = path.join(work, 'no-image.tar.gz');
    fs.writeFileSync(image, 'no es una imagen de base de datos');
    const lost = vi.fn();
    await expect(PGliteThread.start({ dataDir: path.join(work, 'data'), image }, lost)).rejects.toThrow(/^PGlite did not start: /);
    // The thread is let go: its exit is not a loss.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lost).not.toHaveBeenCalled();
    expect(fs.existsSync(path.join(work, 'data', 'PG_VERSION'))).toBe(false);
  });

  it('reports the thread lost when it is stopped for a statement stuck past its limit', async () => {
    const lost = vi.fn();
    const thread = await PGliteThread.start({}, lost, { queryTimeoutMs: 200, stuckExitMs: 700 });
    await expect(thread.query('select pg_sleep(3)')).rejects.toThrow(/no answer from the database within 200 ms/);
    await vi.waitFor(() => expect(lost).toHaveBeenCalledOnce(), { timeout: 5_000, interval: 50 });
    expect(thread.closed).toBe(true);
    // A fresh PGlite's start alone took 7 s of these on a busy machine: the limits above are what is timed.
  }, 30_000);
});
