// `npm run machines:docs`: writes docs/machines/ (support/machine-docs.ts) and removes the pages of
// machines no longer in the registry.
import fs from 'node:fs';
import path from 'node:path';
import { DOCS_DIR, machineDocs } from './support/machine-docs';

const docs = machineDocs();
fs.mkdirSync(DOCS_DIR, { recursive: true });
for (const name of fs.readdirSync(DOCS_DIR).filter((file) => file.endsWith('.md') && !docs.has(file))) {
  fs.rmSync(path.join(DOCS_DIR, name));
  console.log(`removed ${DOCS_DIR}/${name}`);
}
for (const [name, text] of docs) {
  const file = path.join(DOCS_DIR, name);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) continue;
  fs.writeFileSync(file, text);
  console.log(`wrote ${file}`);
}
