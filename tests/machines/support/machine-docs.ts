// The pages of docs/machines/: one per machine of the registry (its Mermaid chart) and an index.
// Written by `npm run machines:docs` (write-docs.ts); machine-docs.test.ts fails when the committed
// pages are not what this would write. Nothing here depends on the date or the machine it runs on.
import { chartOf } from '../../../machines/lab/chart';
import { mermaidOf } from '../../../machines/lab/mermaid';
import { MACHINES, type RegisteredMachine } from '../../../machines/lab/registry';
import { definedTransitions } from '../../../machines/lab/transitions';

export const DOCS_DIR = 'docs/machines';
export const INDEX_FILE = 'README.md';

const GENERATED = 'Generado por `npm run machines:docs` a partir de la máquina; no se edita a mano.';

export const docFileOf = (entry: Pick<RegisteredMachine, 'name'>) => `${entry.name}.md`;

const transitions = (count: number) => `${count} ${count === 1 ? 'transición' : 'transiciones'}`;

function machinePage(entry: RegisteredMachine): string {
  const { title, file, machine, configurations } = entry;
  const source = `Definida en [\`${file}\`](../../${file}).`;
  const several = configurations.length > 1 ? ` Configuraciones: ${configurations.map((c) => `${c.title} (\`${c.name}\`)`).join(', ')}.` : '';
  return [
    `# ${title}`,
    '',
    `${source}${several}`,
    '',
    `${transitions(definedTransitions(machine).length)}.`,
    '',
    '```mermaid',
    mermaidOf(chartOf(machine)).trimEnd(),
    '```',
    '',
    GENERATED,
    '',
  ].join('\n');
}

function indexPage(): string {
  return [
    '# Máquinas de estado',
    '',
    'Cada máquina de `machines/` dibujada como diagrama de estados (Mermaid).',
    '',
    '| máquina | archivo | transiciones |',
    '| --- | --- | --- |',
    ...MACHINES.map((entry) => `| [${entry.title}](${docFileOf(entry)}) | \`${entry.file}\` | ${definedTransitions(entry.machine).length} |`),
    '',
    GENERATED,
    '',
  ].join('\n');
}

/** Every page of docs/machines/, by file name, in the registry's order with the index last. */
export function machineDocs(): Map<string, string> {
  return new Map([...MACHINES.map((entry) => [docFileOf(entry), machinePage(entry)] as const), [INDEX_FILE, indexPage()]]);
}
