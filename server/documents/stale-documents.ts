// Removes, every hour, the documents nobody will see: signed more than a day ago and never checked
// by a read (readStoredDocument), or never linked to an application (the session never saved).
// Their objects go from storage first, then their rows; running on several instances at once only
// repeats removals that are already idempotent.
import type { FastifyInstance } from 'fastify';
import type { DocumentStorage } from '../storage/document-storage';
import type { DocumentRepository } from './document-repository';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const BATCH = 200;

/** One pass: how many documents were removed. */
export async function sweepStaleDocuments(documents: DocumentRepository, storage: DocumentStorage): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await documents.stale(BATCH);
    for (const row of rows) {
      await storage.remove(row.bucket, row.key);
      await documents.remove(row.id);
      removed++;
    }
    if (rows.length < BATCH) return removed;
  }
}

export function scheduleStaleDocumentSweep(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      void (async () => {
        try {
          const { documents, documentStore } = await app.backend;
          const removed = await sweepStaleDocuments(documents, documentStore.storage);
          if (removed > 0) app.log.info({ removed }, 'stale documents removed');
        } catch (error) {
          app.log.warn({ err: error }, 'stale document sweep failed (tried again in an hour)');
        }
      })();
    }, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
