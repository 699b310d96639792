// The view of a wizard tab, by its key in the wizard definition (forms/wizards/), and the closing
// tab an applicant's wizard adds: 'Validaciones PLD' for staff, 'Leyenda de veracidad' for the public.
import type { GuarantorSummary, Model } from '../../forms/contracts/application';
import type { PldReviewRef } from './pld-review-selectors';
import { ActivosPasivosTab } from './tabs/activos-pasivos-tab';
import { AvalesTab } from './tabs/avales-tab';
import { DatosGeneralesPfTab } from './tabs/datos-generales-pf-tab';
import { EmpleoTab } from './tabs/empleo-tab';
import { LeyendaVeracidadTab, type StatementAcceptance } from './tabs/leyenda-veracidad-tab';
import { PM_DATA_TABS, PmTab, type PmDataTab } from './tabs/pm/pm-tab';
import { ReviewSummary } from './review-summary';
import { ReferenciasTab } from './tabs/referencias-tab';
import { ValidacionesPldTab, type StoredPldOutcome } from './tabs/validaciones-pld-tab';
import { ViviendaTab } from './tabs/vivienda-tab';
import type { WizardRoute } from './wizard-routes';

export interface TabViewProps {
  route: WizardRoute;
  /** The tab's key; undefined for the closing tab after the data tabs. */
  tabKey: string | undefined;
  staff: boolean;
  values: Model;
  printHref: string | null;
  parentUuid: string | null;
  canAddGuarantors: boolean;
  canChangeGuarantors: boolean;
  onRemoveGuarantor: (key: string, name: string) => void;
  review: PldReviewRef | undefined;
  /** Staff with the Analista role, who review the PLD matches. */
  pldReviewer: boolean;
  /** The public applicant's 'Acepto' under the truthfulness statement. */
  statement: StatementAcceptance;
  /** Go back to a tab from the review before finishing. */
  onEditTab: (index: number) => void;
}

const isPmDataTab = (key: string): key is PmDataTab => (PM_DATA_TABS as readonly string[]).includes(key);

export function TabView({ route, tabKey, staff, values, ...extras }: TabViewProps) {
  if (tabKey === undefined) {
    return staff ? (
      <ValidacionesPldTab
        review={extras.review}
        reviewer={extras.pldReviewer}
        stored={{ review: values.pld_coincidences as StoredPldOutcome['review'], finish: values.pld_finalizacion as StoredPldOutcome['finish'] }}
      />
    ) : (
      <LeyendaVeracidadTab
        printHref={extras.printHref}
        statement={extras.statement}
        review={<ReviewSummary wizard={route.wizard} values={values} onEdit={extras.onEditTab} />}
      />
    );
  }
  if (isPmDataTab(tabKey)) return <PmTab tabKey={tabKey} guarantor={route.guarantor !== false} staff={staff} />;
  switch (tabKey) {
    case 'pmavales':
      return (
        <AvalesTab
          avales={(values.avales as GuarantorSummary[] | undefined) ?? []}
          parentUuid={extras.parentUuid}
          canAdd={extras.canAddGuarantors}
          canChange={extras.canChangeGuarantors}
          onRemove={extras.onRemoveGuarantor}
        />
      );
    case 'datos_generales':
      return <DatosGeneralesPfTab />;
    case 'vivienda':
      return <ViviendaTab />;
    case 'empleo':
      return <EmpleoTab businessActivity={route.views === 'pfae'} />;
    case 'activos_pasivos':
      return <ActivosPasivosTab />;
    case 'referencias':
      return <ReferenciasTab />;
    default:
      throw new Error(`No view for the wizard tab '${tabKey}'`);
  }
}
