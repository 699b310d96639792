// The ongoing PLD monitoring reads only SCREENED_PATHS of each stored record (server/pld/pld-monitor.ts):
// whatever the screening reads of a model must be on that list, or a stored party would be screened
// with a field missing and a match missed. The models here are watched as the screening reads them.
import { describe, expect, it } from 'vitest';
import { SCREENED_PATHS, screenParties } from '../../server/pld/pld-blacklist';
import { validAvalPfModel, validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from './forms/fixtures';

type Model = Record<string, unknown>;

/** `model` behind proxies that note every path read from it ('accionistas.0.rfc'). */
function watched(model: unknown, read: Set<string>, at: string[] = []): unknown {
  if (!model || typeof model !== 'object') return model;
  return new Proxy(model as object, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || (Array.isArray(target) && !/^\d+$/.test(key))) return value;
      read.add([...at, key].join('.'));
      return watched(value, read, [...at, key]);
    },
  });
}

/** Whether `path` lies within a listed path (a listed list or object is taken whole), or on the way to one ('fisica'). */
const listed = (path: string) =>
  SCREENED_PATHS.some((whole) => {
    const joined = whole.join('.');
    return path === joined || path.startsWith(`${joined}.`) || joined.startsWith(`${path}.`);
  });

const noMatches = { search: () => [] };

describe('the PLD monitoring reads what the screening reads', () => {
  const withHeritageBond = (model: object) => ({ ...model, mantiene_vinculo_patrimonial: 'Si', involucrado_vinculo_patrimonial: 'Inmobiliaria Ejemplo SA de CV' });
  const cases: Array<[string, object, object[]]> = [
    ['a PF', withHeritageBond(validPfModel()), []],
    ['a PFAE', validPfaeModel(), []],
    ['a PM with guarantors of both kinds', withHeritageBond(validPmModel()), [withHeritageBond(validAvalPfModel()), validAvalPmModel()]],
  ];

  it.each(cases)('%s: every path it reads is listed', (_kind, model, guarantors) => {
    const read = new Set<string>();
    const result = screenParties(
      noMatches,
      watched(model, read) as Model,
      guarantors.map((data, i) => ({ uuid: `aval-${i}`, data: watched(data, read) as Model })),
    );
    expect(result.pf.length + result.pm.length).toBe(1);
    expect(read.size).toBeGreaterThan(3);
    expect([...read].filter((path) => !listed(path))).toEqual([]);
  });

  it('a PM is screened the same from the listed paths alone as from its whole record', () => {
    const only = (model: Model) => {
      const part: Model = {};
      for (const path of SCREENED_PATHS) {
        let from: unknown = model;
        let to = part;
        path.forEach((key, i) => {
          from = (from as Model | undefined)?.[key];
          if (i === path.length - 1) to[key] = from;
          else to = (to[key] ??= {}) as Model;
        });
      }
      return part;
    };
    const pm = withHeritageBond(validPmModel()) as unknown as Model;
    const aval = validAvalPmModel() as unknown as Model;
    const everyName = { search: (query: { name: string; rfc: string | null }) => [{ nombre: query.name, rfc: query.rfc }] };
    const whole = screenParties(everyName as never, pm, [{ uuid: 'a', data: aval }]);
    expect(screenParties(everyName as never, only(pm), [{ uuid: 'a', data: only(aval) }])).toEqual(whole);
    expect(whole.accionistas.length).toBeGreaterThan(0);
    expect(whole.legalRepresentative.length).toBeGreaterThan(0);
  });
});
