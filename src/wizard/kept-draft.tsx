// Inside the tab's form: the draft kept from an earlier visit is restored into it (once a page),
// said at the top with a way to drop it, and every change of the form's values is kept again.
import { Button } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { getIn } from 'final-form';
import { useForm } from 'react-final-form';
import type { Model } from '../../forms/contracts/application';
import { TitledCallout } from '../components/titled-callout';
import { tabOfField } from '../../forms/wizards/define-wizard';
import type { AnyWizard } from '../../forms/wizards/wizard-for';
import type { DraftChange, LocalDraft } from './local-draft';

export interface KeptDraftProps {
  draft: LocalDraft;
  /** The wizard's tabs: the notice names those of the restored fields. */
  tabs: AnyWizard['tabs'];
}

/** The titles of the tabs the fields at `paths` belong to, in tab order. */
const sectionsOf = (tabs: AnyWizard['tabs'], paths: string[]) =>
  [...new Set(paths.map((path) => tabOfField(tabs, path)))]
    .filter((index): index is number => index !== null)
    .sort((a, b) => a - b)
    .map((index) => tabs[index]!.title);

const listed = (names: string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`);

export function KeptDraft({ draft, tabs }: KeptDraftProps) {
  const form = useForm<Model>();
  // What each restored field held in the form before (as `value`), for 'Descartar'.
  const [restored, setRestored] = useState<DraftChange[]>([]);
  useEffect(() => {
    // Once the tab's fields have registered (their effects run after this one), or the form's
    // next initialisation would take back values of fields it did not know yet.
    const restore = setTimeout(() => {
      const kept = draft.takeKept();
      if (kept.length === 0) return;
      const values = form.getState().values;
      setRestored(kept.map((change) => ({ ...change, value: getIn(values, change.path) })));
      form.batch(() => kept.forEach((change) => form.change(change.path, change.value)));
    });
    const unsubscribe = form.subscribe(({ values }) => draft.keep(values), { values: true });
    return () => {
      clearTimeout(restore);
      unsubscribe();
    };
  }, [form, draft]);

  if (restored.length === 0) return null;
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
      <Button
        text="Descartar lo recuperado"
        onClick={() => {
          form.batch(() => restored.forEach((change) => form.change(change.path, change.value)));
          setRestored([]);
          // The button goes with the notice: the focus goes to the tab's title, not to the page.
          document.getElementById('tab-title')?.focus();
        }}
      />
    </TitledCallout>
  );
}
