// The generated test documents with the fields each should give: INE and IFE-like cards front and
// back, Constancias (PDF with text for a person and a company, and a scan), CFE and TELMEX bills.
// `clean` draws them as they are; `noisy` as a phone camera would (noise.ts).
import type { DocumentFormat, DocumentTemplate, DocumentType, OcrFields } from '../../../forms/contracts/documents';
import { constanciaPdf, constanciaRows, constanciaScan, constanciaScannedPdf, type Holder } from './constancia';
import { idBack, ifeFront, ineFront, mrzName } from './id-cards';
import { noisy } from './noise';
import { COMPANIES, PEOPLE, type Person } from './people';
import { cfeReceipt, telmexReceipt } from './receipts';

export interface GeneratedDocument {
  name: string;
  type: DocumentType;
  template: DocumentTemplate;
  format: DocumentFormat;
  bytes: Buffer;
  expected: OcrFields;
}

const up = (value: string) => value.toUpperCase();

const frontFields = (p: Person): OcrFields => ({
  nombre: p.nombre, apellido_paterno: p.apellido_paterno, apellido_materno: p.apellido_materno, sexo: p.sexo, fecha_nacimiento: p.fecha_nacimiento,
  curp: p.curp, clave_elector: p.clave_elector, calle: p.address.calle, codigo_postal: p.address.codigo_postal, colonia: p.address.colonia,
});

const backFields = (p: Person): OcrFields => ({
  apellido_paterno: mrzName(p.apellido_paterno).replace(/</g, ' '), apellido_materno: mrzName(p.apellido_materno).replace(/</g, ' '),
  nombre: mrzName(p.nombre).replace(/</g, ' '), sexo: p.sexo, fecha_nacimiento: p.fecha_nacimiento,
});

function constanciaFields(holder: Holder): OcrFields {
  const rows = Object.fromEntries(constanciaRows(holder).pairs);
  const address = holder.kind === 'person' ? holder.person.address : holder.company.address;
  const common: OcrFields = {
    calle: up(`${rows['Tipo de Vialidad:']} ${rows['Nombre de Vialidad:']} ${rows['Número Exterior:']}`),
    codigo_postal: address.codigo_postal,
    colonia: address.colonia,
    regimen: up(constanciaRows(holder).regimes[0]![0]),
  };
  if (holder.kind === 'company') {
    const c = holder.company;
    return { ...common, rfc: c.rfc, razon_social: c.razon_social, fecha_constitucion: c.fecha_constitucion };
  }
  const p = holder.person;
  return { ...common, rfc: p.rfc, curp: p.curp, nombre: p.nombre, apellido_paterno: p.apellido_paterno, apellido_materno: p.apellido_materno };
}

const receiptFields = (p: Person, withPhone: boolean): OcrFields => ({
  nombre: p.nombre, apellido_paterno: p.apellido_paterno, apellido_materno: p.apellido_materno,
  calle: p.address.calle, codigo_postal: p.address.codigo_postal, colonia: p.address.colonia, ...(withPhone ? { telefonos: [p.telefono] } : {}),
});

const png = 'image/png' as const;

/** The clean set: 25 documents (5 INE and IFE fronts, 5 backs, 4 Constancia PDFs with text, 2 scans and a scanned PDF, 5 CFE, 3 TELMEX). */
export async function cleanSet(): Promise<GeneratedDocument[]> {
  const documents: GeneratedDocument[] = [];
  PEOPLE.forEach((p, i) => {
    const template = i === 3 ? 'IFE' : 'INE';
    documents.push({ name: `${template.toLowerCase()}-front-${i}`, type: 'identification', template, format: png, bytes: template === 'IFE' ? ifeFront(p) : ineFront(p), expected: frontFields(p) });
    documents.push({ name: `${template.toLowerCase()}-back-${i}`, type: 'identification', template, format: png, bytes: idBack(p, template), expected: backFields(p) });
  });
  const holders: Holder[] = [{ kind: 'person', person: PEOPLE[0]! }, { kind: 'person', person: PEOPLE[1]! }, { kind: 'company', company: COMPANIES[0]! }, { kind: 'company', company: COMPANIES[1]! }];
  for (const [i, holder] of holders.entries()) {
    documents.push({ name: `csf-pdf-${holder.kind}-${i}`, type: 'tax', template: 'CSF', format: 'application/pdf', bytes: await constanciaPdf(holder), expected: constanciaFields(holder) });
  }
  for (const [i, holder] of [holders[2]!, holders[1]!].entries()) {
    documents.push({ name: `csf-scan-${holder.kind}-${i}`, type: 'tax', template: 'CSF', format: png, bytes: constanciaScan(holder), expected: constanciaFields(holder) });
  }
  documents.push({ name: 'csf-scanned-pdf-company', type: 'tax', template: 'CSF', format: 'application/pdf', bytes: await constanciaScannedPdf(holders[3]!), expected: constanciaFields(holders[3]!) });
  PEOPLE.forEach((p, i) => documents.push({ name: `cfe-${i}`, type: 'address', template: 'CFE', format: png, bytes: cfeReceipt(p), expected: receiptFields(p, false) }));
  PEOPLE.slice(0, 3).forEach((p, i) => documents.push({ name: `telmex-${i}`, type: 'address', template: 'TELMEX', format: png, bytes: telmexReceipt(p), expected: receiptFields(p, true) }));
  return documents;
}

/** The noisy set: every image of the clean set through noise.ts (as JPEG); PDFs stay as they are. */
export async function noisySet(clean?: GeneratedDocument[]): Promise<GeneratedDocument[]> {
  const documents = clean ?? (await cleanSet());
  return Promise.all(
    documents.map(async (document, i) =>
      document.format === 'application/pdf' ? { ...document, name: `${document.name}-noisy` } : { ...document, name: `${document.name}-noisy`, format: 'image/jpeg' as const, bytes: await noisy(document.bytes, 1000 + i) },
    ),
  );
}
