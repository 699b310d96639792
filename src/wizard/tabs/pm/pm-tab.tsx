// The data tabs of the legal-entity wizards (PM and guarantor PM), by their position (spec 02 §2).
import { AccionistasTab } from './accionistas-tab';
import { ContactosTab } from './contactos-tab';
import { DatosGeneralesPmTab } from './datos-generales-pm-tab';
import { ReferenciasPmTab } from './referencias-pm-tab';

export interface PmTabProps {
  /** 0 Datos generales, 1 Contactos, 2 Accionistas mayoritarios, 3 Referencias (Proveedores). */
  index: 0 | 1 | 2 | 3;
  /** A guarantor PM (avalpm): shareholders without gender. */
  guarantor: boolean;
  /** A staff session: the 100% shareholder banner and total. */
  staff: boolean;
}

export function PmTab({ index, guarantor, staff }: PmTabProps) {
  switch (index) {
    case 0:
      return <DatosGeneralesPmTab />;
    case 1:
      return <ContactosTab />;
    case 2:
      return <AccionistasTab guarantor={guarantor} staff={staff} />;
    case 3:
      return <ReferenciasPmTab />;
  }
}
