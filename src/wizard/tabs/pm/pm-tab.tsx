// The data tabs of the legal-entity wizards (PM and guarantor PM), by their key in the wizard definition (spec 02 §2).
import { AccionistasTab } from './accionistas-tab';
import { ContactosTab } from './contactos-tab';
import { DatosGeneralesPmTab } from './datos-generales-pm-tab';
import { ReferenciasPmTab } from './referencias-pm-tab';

export const PM_DATA_TABS = ['pmdatosgenerales', 'pmcontactos', 'pmaccionistas', 'pmreferencias'] as const;
export type PmDataTab = (typeof PM_DATA_TABS)[number];

export interface PmTabProps {
  /** Datos generales, Contactos, Accionistas mayoritarios or Referencias (Proveedores). */
  tabKey: PmDataTab;
  /** A guarantor PM (avalpm): shareholders without gender. */
  guarantor: boolean;
  /** A staff session: the 100% shareholder banner and total. */
  staff: boolean;
}

export function PmTab({ tabKey, guarantor, staff }: PmTabProps) {
  switch (tabKey) {
    case 'pmdatosgenerales':
      return <DatosGeneralesPmTab />;
    case 'pmcontactos':
      return <ContactosTab />;
    case 'pmaccionistas':
      return <AccionistasTab guarantor={guarantor} staff={staff} />;
    case 'pmreferencias':
      return <ReferenciasPmTab />;
  }
}
