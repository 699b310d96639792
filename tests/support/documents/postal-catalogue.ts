// The shipped SEPOMEX catalogue (data/codigos_postales_sepomex.psv.gz) as the OCR engine asks it:
// a postal code's settlements, read straight from the file so engine tests need no database.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Colonia, PostalCatalogue } from '../../../server/ocr/postal-address';

let byCode: Map<string, Colonia[]> | null = null;

export function postalCatalogue(): PostalCatalogue {
  if (!byCode) {
    byCode = new Map();
    const text = gunzipSync(fs.readFileSync(path.resolve('data/codigos_postales_sepomex.psv.gz'))).toString('utf8');
    for (const line of text.split('\n').slice(1)) {
      const [code, colonia, , municipio, estado] = line.split('|');
      if (!code || !/^\d{5}$/.test(code) || !colonia || !municipio || !estado) continue;
      const list = byCode.get(code) ?? [];
      if (!list.some((entry) => entry.colonia === colonia && entry.municipio === municipio)) list.push({ colonia, municipio, estado });
      byCode.set(code, list);
    }
  }
  const codes = byCode;
  return (code) => codes.get(code) ?? [];
}
