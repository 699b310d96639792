// Only staff with the Analista role review PLD matches (forms/staff-permissions.ts): for other
// staff the wizard never starts a check, never holds a tab for one, and sends no review.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pldReviewMachine } from '../../machines/pld-review';
import type { BlacklistAnswer } from '../../forms/contracts/pld';
import { wizardMachine } from '../../machines/wizard';
import { reviewToSave } from '../../forms/wizard-state';
import { validPfModel } from '../unit/forms/fixtures';
import { fileCoverage } from './support/coverage-report';
import { loaded, updatedAnswer } from './support/wizard-harness';

const coverage = fileCoverage('wizard (PLD reviewer)');

type SaveFailure = { status: number; code: string; message: string; listas?: string[] };

async function openAsStaff(pldReviewer: boolean, refusals: SaveFailure[] = [], uuid: string | null = 'u-1') {
  let searches = 0;
  const saves: Array<{ meta: Record<string, unknown> }> = [];
  const actor = createActor(
    wizardMachine.provide({
      actors: {
        'load application': fromPromise(async () => loaded(validPfModel(), { version: 3 })) as never,
        'validate tab': fromPromise(async () => ({ valid: true, errors: {} })) as never,
        // Each refusal in turn, then the save goes through.
        'save application': fromPromise(async ({ input }: { input: { meta: Record<string, unknown> } }) => {
          saves.push({ meta: input.meta });
          const refusal = refusals.shift();
          if (refusal) throw refusal;
          return updatedAnswer('u-1', validPfModel(), { complete: true, version: 4 });
        }) as never,
        'pld review': pldReviewMachine.provide({
          actors: {
            'search blacklist': fromPromise(async (): Promise<BlacklistAnswer> => {
              searches++;
              return { validatePLD: false, groups: { pf: [], pm: [], legalRepresentative: [], accionistas: [], guarantees: [], guaranteeRepresentatives: [], HeritageBond: [] } };
            }),
          },
        }),
      },
    }),
    { input: { code: 'wizardpf', tabCount: 3, uuid, franchise: null, staff: true, pldReviewer, parentUuid: null, blankModel: {} }, inspect: coverage.inspect },
  );
  actor.start();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { actor, searches: () => searches, saves };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const ASKS: SaveFailure = { status: 409, code: 'pld_confirmation_required', message: 'Esta solicitud tiene una coincidencia confirmada…', listas: ['OFAC SDN', 'ONU'] };

describe('the PLD review in the wizard', () => {
  it('checks a record an Analista opens', async () => {
    const { actor, searches } = await openAsStaff(true);
    expect(searches()).toBe(1);
    expect(reviewToSave(actor.getSnapshot().context)).not.toBeNull();
    actor.stop();
  });

  it('never checks, holds or sends a review for staff without the Analista role', async () => {
    const { actor, searches } = await openAsStaff(false);
    expect(searches()).toBe(0);
    expect(actor.getSnapshot().context.pld).toMatchObject({ busy: false, blocking: false });
    expect(reviewToSave(actor.getSnapshot().context)).toBeNull();
    actor.stop();
  });
});

describe('finishing with a confirmed OFAC SDN or UN match', () => {
  it('the server asks an Analista: the dialog names the lists; cancelling finishes nothing, confirming sends meta.confirmacion_pld', async () => {
    const { actor, saves } = await openAsStaff(true, [ASKS, ASKS]);
    actor.send({ type: 'wizard.finish', values: validPfModel() as never });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'confirmingPldFinish' })).toBe(true);
    expect(actor.getSnapshot().context.pldFinishLists).toEqual(['OFAC SDN', 'ONU']);
    actor.send({ type: 'pld.finish.cancelled' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.pldFinishLists).toBeNull();

    // Asked again on the next finish; once confirmed, the save says so and the application finishes.
    actor.send({ type: 'wizard.finish', values: validPfModel() as never });
    await settle();
    actor.send({ type: 'pld.finish.confirmed' });
    await settle();
    expect(saves.map((save) => save.meta.confirmacion_pld)).toEqual([undefined, undefined, true]);
    expect(actor.getSnapshot().matches('finished')).toBe(true);
    actor.stop();
  });

  it("staff without the Analista role are shown the server's refusal, and nothing asks them to confirm", async () => {
    const message = 'Esta solicitud tiene una coincidencia confirmada en la lista OFAC SDN: solo un Analista puede finalizarla.';
    const { actor } = await openAsStaff(false, [{ status: 403, code: 'pld_analyst_required', message, listas: ['OFAC SDN'] }]);
    actor.send({ type: 'wizard.finish', values: validPfModel() as never });
    await settle();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.modal).toEqual({ kind: 'finishForbidden', message });
    expect(actor.getSnapshot().context.pldFinishLists).toBeNull();
    actor.stop();
  });

  it('an application finished before it was ever stored, refused with 403, shows the reason and stays in the browser', async () => {
    const message = 'Tu solicitud no puede finalizarse en línea. Comunícate con tu asesor para concluirla.';
    const { actor } = await openAsStaff(false, [{ status: 403, code: 'forbidden', message }], null);
    actor.send({ type: 'wizard.finish', values: validPfModel() as never });
    await settle();
    expect(actor.getSnapshot().context.modal).toEqual({ kind: 'finishForbidden', message });
    expect(actor.getSnapshot().context.meta).toMatchObject({ store: false, cache: true });
    actor.stop();
  });
});
