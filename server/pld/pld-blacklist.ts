// POST /blacklist/{uuid}: screens every party of an applicant model and groups the matches as
// the PLD review shows them (spec 01 §7, 02 §4–§5). Guarantors are read from their own stored
// records, linked to the applicant by parent_uuid; an application not stored yet has none.
import { fullName } from '../../forms/person-name';
import type { ApplicationRepository } from '../applications/application-repository';
import { parseModel } from '../applications/application-repository';
import type { BlacklistResult, HeritageBondResult, PartyResult, RepresentativeResult, ShareholderResult } from '../../forms/pld';
import type { PldIndex, SearchQuery } from './pld-index';

/** The whole index, or some entries of it (PldIndex.restrictedTo). */
type Searcher = Pick<PldIndex, 'search'>;

export type { SearchType } from '../../forms/contracts/pld';
import { searchedName, type SearchType } from '../../forms/contracts/pld';

type Model = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const object = (value: unknown): Model => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Model) : {});

/** The one place a search type becomes a query (its name: forms/contracts/pld.ts searchedName). */
export function searchQuery(input: { name?: string; fatherLastName?: string; motherLastName?: string; rfc?: string | null; searchType: SearchType; filterRFC?: boolean }): SearchQuery {
  return { name: searchedName(input), rfc: input.rfc ?? null, filterRFC: input.filterRFC ?? false };
}

function screen(index: Searcher, nombre: string, rfc: string | null, searchType: SearchType, filterRFC: boolean): PartyResult {
  return { nombre, rfc: rfc || null, coincidencias: nombre || rfc ? index.search(searchQuery({ name: nombre, rfc, searchType, filterRFC })) : [] };
}

function screenPerson(index: Searcher, model: Model): PartyResult {
  return screen(index, fullName(model), text(object(model.fisica).rfc), 'SplitText', true);
}

function screenRepresentatives(index: Searcher, model: Model): RepresentativeResult[] {
  const list = Array.isArray(model.representantes) ? model.representantes : [];
  return list.flatMap((item, i) => {
    const representative = object(item);
    const nombre = text(representative.nombre);
    if (!nombre) return [];
    return [{ ...screen(index, nombre, text(representative.rfc), 'FullText', true), index: i }];
  });
}

/**
 * A PM's shareholders, its beneficial owners: a company by its name and RFC, a natural person with
 * business activity by name and surnames with their RFC (SplitText).
 */
function screenShareholders(index: Searcher, model: Model, avalUuid: string | null, filterRFC: boolean): ShareholderResult[] {
  const list = Array.isArray(model.accionistas) ? model.accionistas : [];
  return list.flatMap((item, i) => {
    const shareholder = object(item);
    const rfc = text(shareholder.rfc);
    if (text(shareholder.tipo_persona) === 'Moral') {
      const nombre = text(shareholder.nombre);
      return nombre ? [{ ...screen(index, nombre, rfc, 'Company', filterRFC), index: i, aval_uuid: avalUuid }] : [];
    }
    const nombre = [shareholder.nombre, shareholder.apellido_paterno, shareholder.apellido_materno].map(text).filter(Boolean).join(' ');
    return nombre ? [{ ...screen(index, nombre, rfc, 'SplitText', filterRFC), index: i, aval_uuid: avalUuid }] : [];
  });
}

function screenHeritageBond(index: Searcher, model: Model, avalUuid: string | null): HeritageBondResult[] {
  const nombre = text(model.involucrado_vinculo_patrimonial);
  if (text(model.mantiene_vinculo_patrimonial) !== 'Si' || !nombre) return [];
  // Spec 02 §5: no RFC filter for property-link parties.
  return [{ ...screen(index, nombre, null, 'Company', false), aval_uuid: avalUuid }];
}

const isCompany = (model: Model) => text(model.tipo_persona) === 'Moral';

/** A stored guarantor of the application, as its record holds it. */
export interface StoredGuarantor {
  uuid: string;
  data: Model;
}

/** `uuid` null: an application not stored yet, screened without guarantors. */
export async function screenApplicant(index: Searcher, model: Model, uuid: string | null, applications: ApplicationRepository): Promise<BlacklistResult> {
  const guarantors: StoredGuarantor[] = [];
  for (const summary of uuid === null ? [] : await applications.guarantorsOf(uuid)) {
    const stored = await applications.find(summary.uuid);
    guarantors.push({ uuid: summary.uuid, data: stored ? (parseModel(stored) as Model) : (summary.data as unknown as Model) });
  }
  return screenParties(index, model, guarantors);
}

/**
 * The parts of a model `screenParties` reads (with `fullName`), as paths from the model's root; a
 * path ending at a list or an object takes it whole. The ongoing monitoring reads only these of each
 * stored record (pld-monitor.ts): a field the screening comes to read must be listed here, which
 * tests/unit/pld-screened-paths.test.ts checks by watching what the screening reads.
 */
export const SCREENED_PATHS: readonly (readonly string[])[] = [
  ['tipo_persona'],
  ['clasificacion'],
  ['nombre'],
  ['fisica', 'apellido_paterno'],
  ['fisica', 'apellido_materno'],
  ['fisica', 'rfc'],
  ['moral', 'rfc'],
  ['representantes'],
  ['accionistas'],
  ['mantiene_vinculo_patrimonial'],
  ['involucrado_vinculo_patrimonial'],
];

/** Every party of the applicant model and of its guarantors, screened and grouped. */
export function screenParties(index: Searcher, model: Model, guarantors: readonly StoredGuarantor[]): BlacklistResult {
  const result: BlacklistResult = { validatePLD: false, HeritageBond: [], pf: [], pm: [], legalRepresentative: [], guarantees: [], accionistas: [] };
  const guarantor = text(model.clasificacion) === 'Obligado';
  if (isCompany(model)) {
    // A guarantor company is searched without the RFC filter (spec 02 §5).
    result.pm.push(screen(index, text(model.nombre), text(object(model.moral).rfc), 'Company', !guarantor));
    result.legalRepresentative.push(...screenRepresentatives(index, model));
    result.accionistas.push(...screenShareholders(index, model, null, !guarantor));
  } else {
    result.pf.push(screenPerson(index, model));
  }
  result.HeritageBond.push(...screenHeritageBond(index, model, null));

  for (const { uuid, data } of guarantors) {
    if (isCompany(data)) {
      result.guarantees.push({
        ...screen(index, text(data.nombre), text(object(data.moral).rfc), 'Company', false),
        uuid,
        tipo_persona: text(data.tipo_persona),
        representantes: screenRepresentatives(index, data),
      });
      result.accionistas.push(...screenShareholders(index, data, uuid, false));
    } else {
      result.guarantees.push({ ...screenPerson(index, data), uuid, tipo_persona: text(data.tipo_persona), representantes: [] });
    }
    result.HeritageBond.push(...screenHeritageBond(index, data, uuid));
  }

  const parties: PartyResult[] = [
    ...result.HeritageBond,
    ...result.pf,
    ...result.pm,
    ...result.legalRepresentative,
    ...result.accionistas,
    ...result.guarantees,
    ...result.guarantees.flatMap((g) => g.representantes),
  ];
  result.validatePLD = parties.some((party) => party.coincidencias.length > 0);
  return result;
}
