import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { GuarantorSummary } from '../../forms/contracts/application';
import { guarantorName, guarantorsAddable, guarantorsChangeable, isTabActive } from '../../forms/wizard-state';
import type { wizardMachine } from '../../machines/wizard';

export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;
type Snapshot = WizardSnapshot;

export const selectCurrent = (s: Snapshot) => s.context.current;
export const selectModel = (s: Snapshot) => s.context.model;
export const selectModal = (s: Snapshot) => s.context.modal;
export const selectUuid = (s: Snapshot) => s.context.meta.uuid;
export const selectEditable = (s: Snapshot) => s.context.meta.editable;
export const selectLinkSentTo = (s: Snapshot) => s.context.linkSentTo;
export const selectStaffCreated = (s: Snapshot) => s.context.meta.staff_created === true;
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
/** Opening: the record read, or a new guarantor's PM asked whether it takes one. */
export const selectLoading = (s: Snapshot) => s.matches('loading') || s.matches('checkingParent');
/** A new guarantor's PM takes none: the page holds nothing but the dialog that says so. */
export const selectParentRefused = (s: Snapshot) => s.matches('parentRefused');
export const selectServerErrors = (s: Snapshot) => s.context.serverErrors;
export const selectOcrFills = (s: Snapshot) => s.context.ocrFills;
export const selectStoredDocuments = (s: Snapshot) => s.context.storedDocuments;
export const selectTabErrors = (s: Snapshot) => s.context.tabErrors;
/** Which tabs can be reached, as a string so the selector's answer compares by value. */
export const selectActiveTabs = (s: Snapshot) =>
  Array.from({ length: s.context.tabCount }, (_, i) => (isTabActive(s.context, i) ? '1' : '0')).join('');
export const selectParentUuid = (s: Snapshot) => s.context.meta.parent_uuid;
export const selectGuarantorsChangeable = (s: Snapshot) => guarantorsChangeable(s.context);
export const selectGuarantorsAddable = (s: Snapshot) => guarantorsAddable(s.context);

export type WizardActorRef = ActorRefFrom<typeof wizardMachine>;

/**
 * The guarantors a new PM will link at its first save (kept by this browser from /aval/...), as
 * 'uuid\tname' lines so the selector's answer compares by value; none once the PM is stored.
 */
export const selectPendingGuarantorLines = (s: Snapshot) =>
  s.context.meta.store
    ? ''
    : ((s.context.model.avales ?? []) as GuarantorSummary[])
        .filter((aval) => aval.uuid && s.context.meta.guarantors.includes(aval.uuid))
        .map((aval) => `${aval.uuid}\t${guarantorName(aval)}`)
        .join('\n');
