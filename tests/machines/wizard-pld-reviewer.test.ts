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
import { loaded } from './support/wizard-harness';

const coverage = fileCoverage('wizard (PLD reviewer)');

async function openAsStaff(pldReviewer: boolean) {
  let searches = 0;
  const actor = createActor(
    wizardMachine.provide({
      actors: {
        'load application': fromPromise(async () => loaded(validPfModel())) as never,
        'pld review': pldReviewMachine.provide({
          actors: {
            'search blacklist': fromPromise(async (): Promise<BlacklistAnswer> => {
              searches++;
              return { validatePLD: false, groups: { pf: [], pm: [], legalRepresentative: [], guarantees: [], guaranteeRepresentatives: [], HeritageBond: [] } };
            }),
          },
        }),
      },
    }),
    { input: { code: 'wizardpf', tabCount: 3, uuid: 'u-1', franchise: null, staff: true, pldReviewer, parentUuid: null, blankModel: {} }, inspect: coverage.inspect },
  );
  actor.start();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { actor, searches: () => searches };
}

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
