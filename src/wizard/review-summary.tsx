// Before 'Finalizar': everything the person entered, tab by tab, each tab with 'Editar' to go back to it
// (a tab where nothing was entered too).
import { Button, H3, H4 } from '@blueprintjs/core';
import { Edit } from '@blueprintjs/icons';
import { useMemo } from 'react';
import type { Model } from '../../forms/contracts/application';
import { reviewedTabs } from '../../forms/entered-values';
import type { AnyWizard } from '../../forms/wizards/wizard-for';
import { NOTICES } from '../../forms/messages';

export interface ReviewSummaryProps {
  wizard: AnyWizard;
  values: Model;
  onEdit: (tabIndex: number) => void;
}

export function ReviewSummary({ wizard, values, onEdit }: ReviewSummaryProps) {
  // Every step, in order: one where nothing was entered says so, with its 'Editar'.
  const tabs = useMemo(() => reviewedTabs(wizard, values), [wizard, values]);
  return (
    <section className="review-summary" aria-labelledby="review-title">
      <H3 id="review-title">Revisa tu solicitud</H3>
      <p>Estos son los datos que capturaste. Si algo no es correcto, edítalo antes de finalizar.</p>
      {tabs.map((tab) => (
        <section key={tab.index} className="review-tab" aria-labelledby={`review-tab-${tab.index}`}>
          <div className="review-tab-header">
            <H4 id={`review-tab-${tab.index}`}>{tab.title}</H4>
            <Button
              icon={<Edit />}
              variant="minimal"
              text="Editar"
              aria-label={`Editar ${tab.title}`}
              onClick={() => onEdit(tab.index)}
            />
          </div>
          {tab.groups.length === 0 && <p className="review-tab-empty">{NOTICES.reviewTabEmpty}</p>}
          {tab.groups.map((group) => (
            <div key={group.title ?? ''} className="review-group">
              {group.title && <p className="review-group-title">{group.title}</p>}
              <dl>
                {group.fields.map((field) => (
                  <div key={field.path}>
                    <dt>{field.label}</dt>
                    <dd>{field.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </section>
      ))}
    </section>
  );
}
