// An opened record's documents (GET's `documents`) stay in the wizard's context for its upload
// areas to say they were received; a new record holds none; a document read since comes first.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { wizardMachine } from '../../machines/wizard';
import { validPfModel } from '../unit/forms/fixtures';
import { loaded } from './support/wizard-harness';

const received = [{ type: 'address', format: 'image/png', size: 2048, uploaded_at: '2026-11-20T16:05:00.000Z' }];

async function openedActor(uuid: string | null, documents?: object[]) {
  const actor = createActor(
    wizardMachine.provide({
      actors: { 'load application': fromPromise(async () => ({ ...loaded(validPfModel(), { version: 3 }), ...(documents ? { documents } : {}) })) as never },
    }),
    { input: { code: 'wizardpf', tabCount: 3, uuid, franchise: null, staff: false, pldReviewer: false, parentUuid: null, blankModel: {} } },
  );
  actor.start();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  return actor;
}

const opened = async (uuid: string | null, documents?: object[]) => (await openedActor(uuid, documents)).getSnapshot().context.storedDocuments;

describe('the documents an opened record holds', () => {
  it('are kept as the opening answered them', async () => expect(await opened('u-1', received)).toEqual(received));
  it('are none when the answer has none (a provider without them) and for a new record', async () => {
    expect(await opened('u-1')).toEqual([]);
    expect(await opened(null)).toEqual([]);
  });
  it('take a document an upload area had read since as the newest', async () => {
    const actor = await openedActor('u-1', received);
    const read = { type: 'address' as const, format: 'application/pdf' as const, size: 4096, uploaded_at: '2026-11-27T10:00:00.000Z' };
    actor.send({ type: 'document.received', document: read });
    expect(actor.getSnapshot().context.storedDocuments).toEqual([read, ...received]);
  });
});
