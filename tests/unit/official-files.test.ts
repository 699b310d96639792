// Each reader of an official file fed a malformed one: a changed layout throws an
// OfficialFileError naming the file and the line instead of dropping entries.
import { describe, expect, it } from 'vitest';
import { CATALOG_SOURCES, type SourceFile } from '../../server/catalogs/catalog-sources';
import { OfficialFileError } from '../../server/catalogs/official-file';
import { parseSepomex } from '../../server/catalogs/sepomex-file';
import { LIST_SOURCES, type ListFile } from '../../server/pld/pld-sources';

const file = (name: string, lines: string[]): ListFile & SourceFile => ({ name, sha256: '', bytes: Buffer.from(lines.join('\r\n') + '\r\n') });
const list = (lista: string) => LIST_SOURCES.find((source) => source.lista === lista)!;
const catalog = (name: string) => CATALOG_SOURCES.find((source) => source.catalog === name)!;

function thrown(read: () => unknown): OfficialFileError {
  try {
    read();
  } catch (error) {
    if (error instanceof OfficialFileError) return error;
    throw error;
  }
  throw new Error('the reader did not throw');
}

const SDN = [
  '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ',
  '306,"BANCO NACIONAL DE CUBA",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"a.k.a. \'BNC\'."',
];
const ALT = ['36,12,"aka","AERO-CARIBBEAN",-0- '];

describe('OFAC SDN', () => {
  const read = (sdn: string[], alt = ALT) => list('OFAC SDN').entries([file('ofac_sdn.csv', sdn), file('ofac_alt.csv', alt)]);

  it('reads well-formed files, the end-of-file character included', () => {
    const entries = read(SDN, [...ALT, '\x1a']);
    expect(entries.map((entry) => [entry.nombre, entry.aliases])).toEqual([
      ['AEROCARIBBEAN AIRLINES', ['AERO-CARIBBEAN']],
      ['BANCO NACIONAL DE CUBA', []],
    ]);
  });

  it('refuses a row with a column more or less', () => {
    const error = thrown(() => read([SDN[0], SDN[1].replace(',-0- ,"a.k.a.', ',"a.k.a.')]));
    expect(error.file).toBe('ofac_sdn.csv');
    expect(error.line).toBe(2);
    expect(error.message).toMatch(/^ofac_sdn\.csv, line 2: /);
    expect(thrown(() => read(SDN, ['36,12,"aka","AERO-CARIBBEAN"'])).file).toBe('ofac_alt.csv');
  });

  it('refuses an unclosed quote', () => {
    const error = thrown(() => read([SDN[0], SDN[1].replace('"BANCO', '"BAN"CO')]));
    expect([error.file, error.line]).toEqual(['ofac_sdn.csv', 2]);
    expect(thrown(() => read([SDN[0], '306,"BANCO NACIONAL DE CUBA,-0- '])).line).toBe(2);
  });
});

describe('SAT 69-B and SFP', () => {
  it('refuses a changed header', () => {
    const sat = ['rfc,nombre,situacion', 'AAA080808HL8,"ASESORES, S.A. DE C.V.",Desvirtuado'];
    const error = thrown(() => list('SAT 69-B').entries([file('sat.csv', sat)]));
    expect([error.file, error.line]).toEqual(['sat.csv', 1]);
    expect(error.message).toMatch(/nombre_contribuyente/);
    const sfp = ['proveedor,oic_responsable', '"GVICOA, S.A. DE C.V.",IMSS'];
    expect(thrown(() => list('SFP').entries([file('sfp.csv', sfp)])).message).toMatch(/^sfp\.csv, line 1: missing columns: proveedor_contratista/);
  });

  it('refuses a row with a column more', () => {
    const sat = ['rfc,nombre_contribuyente,situacion', 'AAA080808HL8,"ASESORES, S.A. DE C.V.",Desvirtuado', 'AAA091014835,AQUAERIS, S.C.,Desvirtuado'];
    expect(thrown(() => list('SAT 69-B').entries([file('sat.csv', sat)])).line).toBe(3);
  });
});

describe('catalogue CSV files', () => {
  const countries = ['iso_alpha3,iso_alpha2,iso_numerico,nombre_sat', 'AFG,AF,004,Afganistán', 'MEX,MX,484,México'];

  it('reads a well-formed file', () => {
    expect(catalog('countries').rows(file('paises.csv', countries))).toHaveLength(2);
  });

  it('refuses a changed header, a short row and a broken quote', () => {
    expect(thrown(() => catalog('countries').rows(file('paises.csv', ['iso_alpha3,iso_alpha2,iso_num,nombre_sat', countries[1]])))).toMatchObject({ file: 'paises.csv', line: 1 });
    expect(thrown(() => catalog('countries').rows(file('paises.csv', [...countries, 'ESP,ES,724'])))).toMatchObject({ file: 'paises.csv', line: 4 });
    expect(thrown(() => catalog('economic_activities').rows(file('scian_2023.csv', ['nivel,codigo,titulo', 'rama,1111,"Cultivo de semillas', 'rama,1112,Hortalizas'])))).toMatchObject({ file: 'scian_2023.csv', line: 2 });
  });
});

describe('SEPOMEX', () => {
  const HEADER = 'd_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad';
  const ROW = '20000|Aguascalientes Centro|Colonia|Aguascalientes|Aguascalientes|Aguascalientes|20001|01|20001|09|001|0001|Urbano|01';

  it('reads a quote as part of a name', () => {
    expect(parseSepomex([HEADER, ROW.replace('Centro', '"El" Centro')].join('\n'), 'cp.psv')[0].colonia).toBe('Aguascalientes "El" Centro');
  });

  it('refuses a row with a column less and a header without a column it needs', () => {
    expect(thrown(() => parseSepomex([HEADER, ROW, ROW.replace('|Urbano', '')].join('\n'), 'cp.psv'))).toMatchObject({ file: 'cp.psv', line: 3 });
    expect(thrown(() => parseSepomex([HEADER.replace('c_mnpio', 'c_municipio'), ROW].join('\n'), 'cp.psv'))).toMatchObject({ file: 'cp.psv', line: 1 });
  });
});

describe('UN consolidated list', () => {
  const XML = [
    "<?xml version='1.0' encoding='UTF-8'?>",
    "<CONSOLIDATED_LIST dateGenerated='2024-09-26T00:00:07.514Z'>",
    '  <INDIVIDUALS>',
    '    <INDIVIDUAL>',
    '      <DATAID>110447</DATAID>',
    '      <FIRST_NAME>MUHAMMAD</FIRST_NAME>',
    '      <SECOND_NAME>TAHER</SECOND_NAME>',
    '      <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>MOHAMMAD TAHER</ALIAS_NAME></INDIVIDUAL_ALIAS>',
    '      <INDIVIDUAL_ALIAS><QUALITY>Low</QUALITY><ALIAS_NAME/></INDIVIDUAL_ALIAS>',
    '    </INDIVIDUAL>',
    '  </INDIVIDUALS>',
    '  <ENTITIES>',
    '    <ENTITY>',
    '      <DATAID>6908048</DATAID>',
    '      <FIRST_NAME>AL-QAIDA &amp; CO</FIRST_NAME>',
    '    </ENTITY>',
    '  </ENTITIES>',
    '</CONSOLIDATED_LIST>',
  ];
  const un = list('ONU');
  const unFile = (lines: string[]) => file('onu.xml', lines);

  it('reads the entries, their aliases and the date', () => {
    const xml = unFile(XML);
    expect(un.vintage([xml])).toBe('2024-09-26');
    expect(un.entries([xml]).map(({ source_id, kind, nombre, aliases }) => ({ source_id, kind, nombre, aliases }))).toEqual([
      { source_id: '110447', kind: 'individual', nombre: 'MUHAMMAD TAHER', aliases: ['MOHAMMAD TAHER'] },
      { source_id: '6908048', kind: 'entity', nombre: 'AL-QAIDA & CO', aliases: [] },
    ]);
  });

  it('refuses a truncated file', () => {
    expect(thrown(() => un.entries([unFile(XML.slice(0, 12))]))).toMatchObject({ file: 'onu.xml' });
    expect(thrown(() => un.entries([unFile(XML.slice(0, 12))])).line).toBeGreaterThan(0);
  });

  it('refuses an element it needs renamed', () => {
    const renamed = (from: string, to: string) => unFile(XML.map((line) => line.replaceAll(from, to)));
    expect(thrown(() => un.entries([renamed('FIRST_NAME>', 'GIVEN_NAME>')]))).toMatchObject({ file: 'onu.xml', line: 4 });
    expect(thrown(() => un.entries([renamed('DATAID>', 'ID>')]))).toMatchObject({ file: 'onu.xml', line: 4 });
    expect(thrown(() => un.entries([renamed('ENTITIES>', 'ORGANISATIONS>')]))).toMatchObject({ file: 'onu.xml', line: 2 });
    expect(thrown(() => un.vintage([renamed('dateGenerated', 'generated')]))).toMatchObject({ file: 'onu.xml', line: 2 });
  });
});
