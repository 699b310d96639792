// Every statechart of machines/, by the name the coverage report prints it under
// (print-coverage.ts). machine-registry.test.ts checks that each file of machines/ defining a
// machine is listed here, so a new machine cannot be left out of the report.
import type { AnyStateMachine } from 'xstate';
import { createCatalogLookupMachine } from '../../../machines/catalog-lookup';
import { pldReviewMachine } from '../../../machines/pld-review';
import { printMachine } from '../../../machines/print';
import { rfcDuplicateCheckMachine } from '../../../machines/rfc-duplicate-check';
import { sessionMachine } from '../../../machines/session';
import { shownErrorsMachine } from '../../../machines/shown-errors';
import { uploadMachine } from '../../../machines/upload';
import { wizardMachine } from '../../../machines/wizard';

export interface RegisteredMachine {
  /** The report name. */
  name: string;
  /** The file of machines/ that defines it, from the repository root. */
  file: string;
  machine: AnyStateMachine;
}

export const MACHINES: RegisteredMachine[] = [
  { name: 'session', file: 'machines/session.ts', machine: sessionMachine },
  // A factory: the catalogue lookup under the id its tests give it.
  { name: 'catalog-lookup', file: 'machines/catalog-lookup.ts', machine: createCatalogLookupMachine('lookup') },
  { name: 'pld-review', file: 'machines/pld-review.ts', machine: pldReviewMachine },
  { name: 'print', file: 'machines/print.ts', machine: printMachine },
  { name: 'rfc-duplicate-check', file: 'machines/rfc-duplicate-check.ts', machine: rfcDuplicateCheckMachine },
  { name: 'shown-errors', file: 'machines/shown-errors.ts', machine: shownErrorsMachine },
  { name: 'upload', file: 'machines/upload.ts', machine: uploadMachine },
  { name: 'wizard', file: 'machines/wizard.ts', machine: wizardMachine },
];
