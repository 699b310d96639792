// Inside the tab's form: the draft kept from an earlier visit is restored into it (once a page),
// said at the top with a way to drop it, and every change of the form's values is kept again. A
// field another session saved since it was typed keeps the saved value; what the person typed
// there is shown beside it, to take with one button or to leave.
import { Button } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { getIn } from 'final-form';
import { useForm } from 'react-final-form';
import type { Model } from '../../forms/contracts/application';
import { TitledCallout } from '../components/titled-callout';
import { shownChanges, type ShownChange } from '../../forms/change-history';
import { tabOfField } from '../../forms/wizards/define-wizard';
import type { AnyWizard } from '../../forms/wizards/wizard-for';
import type { DraftChange, LocalDraft, OvertakenChange } from './local-draft';
import { tabTitle } from './tab-title';

export interface KeptDraftProps {
  draft: LocalDraft;
  /** The wizard: the notice names the tabs of the restored fields, and the labels of the overtaken ones. */
  wizard: AnyWizard;
}

/** The titles of the tabs the fields at `paths` belong to, in tab order. */
const sectionsOf = (tabs: AnyWizard['tabs'], paths: string[]) =>
  [...new Set(paths.map((path) => tabOfField(tabs, path)))]
    .filter((index): index is number => index !== null)
    .sort((a, b) => a - b)
    .map((index) => tabs[index]!.title);

const listed = (names: string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`);

export function KeptDraft({ draft, wizard }: KeptDraftProps) {
  const form = useForm<Model>();
  // What each restored field held in the form before (as `value`), for 'Descartar'.
  const [restored, setRestored] = useState<DraftChange[]>([]);
  // The typed changes of fields another session saved since, until taken or left (the draft keeps them across tabs).
  const [offered, setOffered] = useState<OvertakenChange[]>(() => draft.offered());
  /** Puts `changes` in the form, remembering what each field held, for 'Descartar lo recuperado'. */
  const restore = (changes: DraftChange[]) => {
    const values = form.getState().values;
    setRestored((before) => [...before, ...changes.map((change) => ({ ...change, value: getIn(values, change.path) }))]);
    form.batch(() => changes.forEach((change) => form.change(change.path, change.value)));
  };
  useEffect(() => {
    // Once the tab's fields have registered (their effects run after this one), or the form's
    // next initialisation would take back values of fields it did not know yet.
    const restoring = setTimeout(() => {
      const kept = draft.takeKept();
      if (kept.length > 0) restore(kept);
      setOffered(draft.offered());
    });
    const unsubscribe = form.subscribe(({ values }) => draft.keep(values), { values: true });
    return () => {
      clearTimeout(restoring);
      unsubscribe();
    };
  }, [form, draft]);

  // Each field once, labelled and shown as its form shows it (a catalogue entry by its name).
  const shown = shownChanges(wizard, { changes: offered.map((change) => ({ path: change.path, before: change.now, after: change.value })) });
  // An offer that shows nothing (no field labelled, or each one's values shown alike) has nothing to ask: answered, it is not kept.
  const nothingToAsk = offered.length > 0 && shown.length === 0;
  useEffect(() => {
    if (!nothingToAsk) return;
    draft.answerOffer();
    setOffered([]);
  }, [nothingToAsk, draft]);

  const toTitle = () => tabTitle()?.focus();
  return (
    <>
      {shown.length > 0 && (
        <OvertakenChanges
          shown={shown}
          onTake={() => {
            restore(offered);
            draft.answerOffer();
            setOffered([]);
            toTitle();
          }}
          onLeave={() => {
            draft.answerOffer();
            setOffered([]);
            toTitle();
          }}
        />
      )}
      {restored.length > 0 && (
        <RestoredNotice
          tabs={wizard.tabs}
          restored={restored}
          onDiscard={() => {
            form.batch(() => restored.forEach((change) => form.change(change.path, change.value)));
            setRestored([]);
            // The button goes with the notice: the focus goes to the tab's title, not to the page.
            toTitle();
          }}
        />
      )}
    </>
  );
}

/** What another session saved over fields the person had typed: both values, and the choice. */
function OvertakenChanges({ shown, onTake, onLeave }: { shown: ShownChange[]; onTake: () => void; onLeave: () => void }) {
  const count = shown.length;
  const quoted = (value: string) => (value ? `«${value}»` : '(vacío)');
  return (
    <TitledCallout level={3} intent="warning" className="kept-draft" role="status" title="Se guardaron otros valores en otra sesión">
      <p>
        {count === 1
          ? 'Un campo que escribiste y no se había guardado se guardó después con otro valor en otra sesión: se muestra lo guardado.'
          : `${count} campos que escribiste y no se habían guardado se guardaron después con otro valor en otra sesión: se muestra lo guardado.`}{' '}
        Esto es lo que escribiste:
      </p>
      <ul className="overtaken-changes">
        {shown.map((change) => (
          <li key={change.path}>
            <strong>{change.label}</strong> ({change.place}): {quoted(change.after)}; guardado: {quoted(change.before)}
          </li>
        ))}
      </ul>
      <div className="kept-draft-actions">
        <Button intent="primary" text="Usar lo que escribí" onClick={onTake} />
        <Button text="Conservar lo guardado" onClick={onLeave} />
      </div>
    </TitledCallout>
  );
}

/** Said over the form when it took back what the person had typed and not saved, with a way to drop it. */
function RestoredNotice({ tabs, restored, onDiscard }: { tabs: AnyWizard['tabs']; restored: DraftChange[]; onDiscard: () => void }) {
  const sections = sectionsOf(tabs, restored.map((change) => change.path));
  const where = sections.length > 0 ? ` en ${listed(sections)}` : '';
  return (
    <TitledCallout level={3} intent="warning" className="kept-draft" role="status" title="Recuperamos lo que no se había guardado">
      <p>
        {restored.length === 1
          ? `Un campo que escribiste${where} no se había guardado y lo conservó este navegador.`
          : `${restored.length} campos que escribiste${where} no se habían guardado y los conservó este navegador.`}{' '}
        Se guardan al avanzar con «Siguiente» o al finalizar.
      </p>
      <Button text="Descartar lo recuperado" onClick={onDiscard} />
    </TitledCallout>
  );
}
