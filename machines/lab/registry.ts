// Every statechart of machines/, one list read by the coverage report (tests/machines/print-coverage.ts),
// the machine lab (/maquinas) and the Mermaid export (docs/machines/). machine-registry.test.ts
// checks that each file of machines/ defining a machine is listed here, so a new machine cannot be
// left out. A machine that runs in several configurations (the wizard) lists each with the input it
// starts from, which the lab's sandbox uses.
import type { AnyStateMachine } from 'xstate';
import { AVAL_PF_WIZARD, PF_WIZARD } from '../../forms/wizards/pf';
import { AVAL_PFAE_WIZARD, PFAE_WIZARD } from '../../forms/wizards/pfae';
import { AVAL_PM_WIZARD, PM_WIZARD } from '../../forms/wizards/pm';
import type { AnyWizard } from '../../forms/wizards/wizard-for';
import type { Model, WizardCode } from '../../forms/contracts/application';
import { createCatalogLookupMachine } from '../catalog-lookup';
import { efirmaSignMachine, type EfirmaSignInput } from '../efirma-sign';
import { pldReviewMachine, type PldReviewInput } from '../pld-review';
import { printMachine, type PrintInput } from '../print';
import { rfcDuplicateCheckMachine } from '../rfc-duplicate-check';
import { sessionMachine, type SessionInput } from '../session';
import { shownErrorsMachine } from '../shown-errors';
import { uploadMachine, type UploadInput } from '../upload';
import { wizardMachine, type WizardInput } from '../wizard';

export interface MachineConfiguration {
  /** Stable, URL-safe: /maquinas/<machine>?configuracion=<name>. */
  name: string;
  /** What the lab lists it as, in Spanish. */
  title: string;
  /** The input a sandbox copy starts from (JSON, so the lab can show and edit it). */
  input: unknown;
}

export interface RegisteredMachine {
  /** The report name, URL-safe. */
  name: string;
  /** What the lab lists it as, in Spanish. */
  title: string;
  /** The file of machines/ that defines it, from the repository root. */
  file: string;
  machine: AnyStateMachine;
  /** At least one: the inputs it runs with in the product. */
  configurations: MachineConfiguration[];
}

/** The wizard as a route starts it (src/wizard/use-wizard-actor.ts): its tabs, then the PLD or truthfulness tab for an applicant. */
function wizardInput(wizard: unknown, guarantor: boolean): Omit<WizardInput, 'tabOfField'> {
  const definition = wizard as AnyWizard;
  return {
    code: definition.code as WizardCode,
    tabCount: definition.tabs.length + (guarantor ? 0 : 1),
    uuid: null,
    franchise: null,
    staff: false,
    guarantor,
    parentUuid: guarantor ? '00000000-0000-4000-8000-000000000001' : null,
    blankModel: definition.defaults() as Model,
  };
}

const one = (input: unknown): MachineConfiguration[] => [{ name: 'principal', title: 'Única', input }];

export const MACHINES: RegisteredMachine[] = [
  {
    name: 'session',
    title: 'Sesión',
    file: 'machines/session.ts',
    machine: sessionMachine,
    configurations: one({ storedToken: null } satisfies SessionInput),
  },
  {
    name: 'wizard',
    title: 'Asistente de solicitud',
    file: 'machines/wizard.ts',
    machine: wizardMachine,
    configurations: [
      { name: 'pf', title: 'Persona Física', input: wizardInput(PF_WIZARD, false) },
      { name: 'pfae', title: 'Persona Física con actividad empresarial', input: wizardInput(PFAE_WIZARD, false) },
      { name: 'pm', title: 'Persona Moral', input: wizardInput(PM_WIZARD, false) },
      { name: 'aval-pf', title: 'Aval Persona Física', input: wizardInput(AVAL_PF_WIZARD, true) },
      { name: 'aval-pfae', title: 'Aval Persona Física con actividad empresarial', input: wizardInput(AVAL_PFAE_WIZARD, true) },
      { name: 'aval-pm', title: 'Aval Persona Moral', input: wizardInput(AVAL_PM_WIZARD, true) },
    ],
  },
  {
    name: 'pld-review',
    title: 'Revisión PLD',
    file: 'machines/pld-review.ts',
    machine: pldReviewMachine,
    configurations: [
      { name: 'personal', title: 'Personal (Analista)', input: { staff: true, stored: null, model: PF_WIZARD.defaults() as Model } satisfies PldReviewInput },
      { name: 'publico', title: 'Público', input: { staff: false, stored: null, model: PF_WIZARD.defaults() as Model } satisfies PldReviewInput },
    ],
  },
  // A factory: the catalogue lookup under the id its tests give it.
  { name: 'catalog-lookup', title: 'Búsqueda en catálogo', file: 'machines/catalog-lookup.ts', machine: createCatalogLookupMachine('lookup'), configurations: one({}) },
  { name: 'rfc-duplicate-check', title: 'RFC duplicado', file: 'machines/rfc-duplicate-check.ts', machine: rfcDuplicateCheckMachine, configurations: one({}) },
  {
    name: 'upload',
    title: 'Carga de documento y OCR',
    file: 'machines/upload.ts',
    machine: uploadMachine,
    configurations: one({ type: 'identification', uuid: '00000000-0000-4000-8000-000000000002' } satisfies UploadInput),
  },
  {
    name: 'print',
    title: 'Impresión',
    file: 'machines/print.ts',
    machine: printMachine,
    configurations: one({ code: 'wizardpf', uuid: '00000000-0000-4000-8000-000000000003' } satisfies PrintInput),
  },
  {
    name: 'efirma-sign',
    title: 'Firma con e.firma',
    file: 'machines/efirma-sign.ts',
    machine: efirmaSignMachine,
    // A PF record as its print answers it: a certificate of another RFC is refused before any key is opened.
    configurations: one({
      code: 'wizardpf',
      uuid: '00000000-0000-4000-8000-000000000004',
      record: { tipo_persona: 'Física', nombre: 'CARLOS', fisica: { apellido_paterno: 'PÉREZ', apellido_materno: 'PÉREZ', rfc: 'PEPC800101ABA' } },
    } satisfies EfirmaSignInput),
  },
  { name: 'shown-errors', title: 'Errores mostrados', file: 'machines/shown-errors.ts', machine: shownErrorsMachine, configurations: one({}) },
];

export function findMachine(name: string): RegisteredMachine | undefined {
  return MACHINES.find((entry) => entry.name === name);
}
