// The committed docs/machines/ are what `npm run machines:docs` writes from the machines today.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_DIR, machineDocs } from './support/machine-docs';

const docs = machineDocs();
const committed = fs.existsSync(DOCS_DIR) ? fs.readdirSync(DOCS_DIR).filter((file) => file.endsWith('.md')) : [];

describe('docs/machines', () => {
  it.each([...docs.keys()])('%s matches the machine', (file) => {
    const target = path.join(DOCS_DIR, file);
    const text = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
    expect(text === docs.get(file), `docs/machines/${file} no longer matches the machine: run npm run machines:docs`).toBe(true);
  });

  it('holds a page only for a machine of the registry', () => {
    const stray = committed.filter((file) => !docs.has(file));
    expect(stray, `docs/machines/${stray.join(', ')} documents no machine: run npm run machines:docs`).toEqual([]);
  });
});
