// What the views read of the wizard's PLD review (the child 'pld' of the wizard statechart).
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { pendingPaths, type pldReviewMachine } from '../../machines/pld-review';
import type { wizardMachine } from '../../machines/wizard';

export type PldReviewRef = ActorRefFrom<typeof pldReviewMachine>;
type ReviewSnapshot = SnapshotFrom<typeof pldReviewMachine>;

/** The review runs while the wizard is ready; undefined before (loading) and after. */
export const selectPldReview = (s: SnapshotFrom<typeof wizardMachine>) => s.children.pld as PldReviewRef | undefined;

/** The fields that show the rule's message while the review holds, as one string so the answer compares by value. */
export const selectMarkedPaths = (s: ReviewSnapshot | undefined) => (s?.hasTag('blocking') ? pendingPaths(s.context).join('\n') : '');
/** Where the review stands, for the 'Validaciones PLD' tab. */
export const selectReviewStage = (s: ReviewSnapshot | undefined) => (s ? (s.value as string) : 'unchecked');
export const selectGroups = (s: ReviewSnapshot) => s.context.groups;
export const selectSelected = (s: ReviewSnapshot) => s.context.selected;
export const selectReasons = (s: ReviewSnapshot) => s.context.reasons;
/** The matches the review keeps as confirmed (saved, or stored until a check answers). */
export const selectUsers = (s: ReviewSnapshot | undefined) => s?.context.users;
