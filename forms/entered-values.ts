// Everything a person entered, tab by tab, as the forms show it (labels and values as the change
// history writes them): the review before 'Finalizar'. Texts only: nothing here is HTML.
import type { GuarantorSummary, Model } from './contracts/application';
import { shownChanges } from './change-history';
import { fieldLabel } from './field-labels';
import { NOTICES } from './messages';
import { diffModels } from './model-diff';
import { tabOfField } from './wizards/define-wizard';
import type { AnyWizard } from './wizards/wizard-for';
import { guarantorName, guarantorState } from './wizard-state';

export interface EnteredField {
  path: string;
  label: string;
  value: string;
}

export interface EnteredGroup {
  /** The group that repeats fields ('Representante legal 2', 'Domicilio fiscal'); null for the tab's own fields. */
  title: string | null;
  fields: EnteredField[];
}

export interface EnteredTab {
  /** The tab's index in the wizard, for 'Editar'. */
  index: number;
  title: string;
  groups: EnteredGroup[];
}

/**
 * Fields the review leaves out: the box that copies the fiscal address onto the operating one is a
 * way of filling, not an answer (both addresses are listed), and what is stored of it is reset to
 * false before every save outside Física (spec 01 §5), so it would read 'No' after being ticked.
 */
const NOT_REVIEWED = new Set(['clonar_domicilo_fiscal']);

/** The filled fields of `model` a form of `wizard` shows, by tab (in tab order) and group, in the order the forms lay them out (shownChanges' order). */
export function enteredValues(wizard: AnyWizard, model: Model): EnteredTab[] {
  const company = wizard.tipo_persona === 'Moral';
  const filled = shownChanges(wizard, { changes: diffModels({}, model) }).filter(
    (change) => change.after !== '' && fieldLabel(change.path, company) !== undefined && !NOT_REVIEWED.has(change.path),
  );
  const tabs = new Map<number, EnteredTab>();
  for (const change of filled) {
    const index = tabOfField(wizard.tabs, change.path);
    if (index === null) continue;
    const tab = tabs.get(index) ?? { index, title: wizard.tabs[index]!.title, groups: [] };
    tabs.set(index, tab);
    const title = change.place.split(' › ')[1] ?? null;
    let group = tab.groups.find((candidate) => candidate.title === title);
    if (!group) tab.groups.push((group = { title, fields: [] }));
    group.fields.push({ path: change.path, label: change.label, value: change.after });
  }
  return [...tabs.values()].sort((a, b) => a.index - b.index);
}

/**
 * A PM's guarantors as its Avales tab lists them (records of their own, so no field of `model`):
 * one group, named 'No existen avales relacionados' when there are none; nothing for other wizards.
 */
export function enteredGuarantors(wizard: AnyWizard, model: Model): EnteredTab[] {
  const index = wizard.tabs.findIndex((tab) => tab.key === 'pmavales');
  if (index === -1) return [];
  const avales = Array.isArray(model.avales) ? (model.avales as GuarantorSummary[]) : [];
  const fields = avales.map((aval, n) => ({
    path: aval.uuid ?? aval.ref ?? `aval-${n}`,
    label: guarantorName(aval),
    value: `${aval.data.tipo_persona ?? ''} · ${guarantorState(aval)}`,
  }));
  return [{ index, title: wizard.tabs[index]!.title, groups: [{ title: fields.length === 0 ? NOTICES.noGuarantors : null, fields }] }];
}

/**
 * What the review before 'Finalizar' lists: every tab of `wizard`, in order, with what was entered in
 * it (a PM's guarantors in its Avales tab); a tab where nothing was entered has no group.
 */
export function reviewedTabs(wizard: AnyWizard, model: Model): EnteredTab[] {
  const entered = [...enteredValues(wizard, model), ...enteredGuarantors(wizard, model)];
  return wizard.tabs.map((tab, index) => entered.find((shown) => shown.index === index) ?? { index, title: tab.title, groups: [] });
}
