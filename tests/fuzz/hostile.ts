// Hostile requests for every write route, as fast-check arbitraries: a valid body with one part
// replaced by something an attacker would send (nesting thousands of levels deep, huge strings,
// NUL and other control characters, wrong types, prototype keys, numbers where text goes,
// repeated fields), or a body of the wrong content type. Shared by the fuzz test of the suite
// (tests/api/fuzz.test.ts) and the long run of `npm run fuzz` (tests/fuzz/run.ts).
import fc from 'fast-check';

export interface HostileRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  body: string | undefined;
  /** What was done to the valid body, for the report of a failing case. */
  mutation: string;
}

/** The sessions and records a route needs, created once before fuzzing. */
export interface FuzzFixtures {
  publicAuth: string;
  staffAuth: string;
  /** A stored record of each wizard code, and a PM with one linked guarantor. */
  uuids: { wizardpf: string; wizardpfae: string; wizardpm: string; guarantor: string };
  /** The stored versions, for updates. */
  versions: Record<string, number>;
  /** Valid bodies to start from. */
  valid: { pf: Record<string, unknown>; pfae: Record<string, unknown>; pm: Record<string, unknown> };
  publicClient: { clientSecret: string; username: string; password: string };
}

export interface WriteRoute {
  name: string;
  method: string;
  /** The path, given the fixtures and a hostile uuid-like text for path parameters. */
  path: (f: FuzzFixtures, param: string | undefined) => string;
  auth: (f: FuzzFixtures) => string | null;
  /** A valid body for the route. */
  valid: (f: FuzzFixtures) => unknown;
  /** The record a refused write must leave unchanged. */
  guards?: (f: FuzzFixtures) => string;
  /** A form route (staff sign-in): bodies are also sent url-encoded. */
  form?: boolean;
}

const data = (model: Record<string, unknown>, meta: Record<string, unknown> = { last_index: 1 }) => ({ data: model, meta });

export const WRITE_ROUTES: WriteRoute[] = [
  {
    name: 'POST /api/oauth/token',
    method: 'POST',
    path: () => '/api/oauth/token',
    auth: () => null,
    valid: (f) => ({ grant_type: 'password', client_id: 2, client_secret: f.publicClient.clientSecret, username: f.publicClient.username, password: f.publicClient.password, scope: '' }),
  },
  ...(['wizardpf', 'wizardpfae', 'wizardpm'] as const).flatMap((code): WriteRoute[] => {
    const model = (f: FuzzFixtures) => (code === 'wizardpf' ? f.valid.pf : code === 'wizardpfae' ? f.valid.pfae : f.valid.pm);
    return [
      { name: `POST /api/${code}`, method: 'POST', path: () => `/api/${code}`, auth: (f) => f.publicAuth, valid: (f) => data(model(f)) },
      {
        name: `PUT /api/${code}/{uuid}`,
        method: 'PUT',
        path: (f, param) => `/api/${code}/${param ?? f.uuids[code]}`,
        auth: (f) => f.publicAuth,
        valid: (f) => data(model(f), { last_index: 1, version: f.versions[code] }),
        guards: (f) => f.uuids[code],
      },
    ];
  }),
  {
    name: 'DELETE /api/wizardpm/{uuid}/avales/{g}',
    method: 'DELETE',
    path: (f, param) => `/api/wizardpm/${f.uuids.wizardpm}/avales/${param ?? '00000000-0000-4000-8000-000000000000'}`,
    auth: (f) => f.publicAuth,
    valid: () => undefined,
    guards: (f) => f.uuids.guarantor,
  },
  { name: 'POST /api/persons/fbrfc', method: 'POST', path: () => '/api/persons/fbrfc', auth: (f) => f.staffAuth, valid: (f) => f.valid.pf },
  {
    name: 'POST /api/wizardpm/avalfbrfc',
    method: 'POST',
    path: () => '/api/wizardpm/avalfbrfc',
    auth: (f) => f.publicAuth,
    valid: (f) => ({ parentuuid: f.uuids.wizardpm, uuid: f.uuids.guarantor, rfc: 'GARC850314AB1', clasificacion: 'Aval' }),
  },
  { name: 'POST /api/blacklist', method: 'POST', path: () => '/api/blacklist', auth: (f) => f.staffAuth, valid: (f) => ({ data: f.valid.pf }) },
  {
    name: 'POST /api/blacklist/{uuid}',
    method: 'POST',
    path: (f, param) => `/api/blacklist/${param ?? f.uuids.wizardpm}`,
    auth: (f) => f.staffAuth,
    valid: (f) => ({ data: f.valid.pm }),
  },
  {
    name: 'POST /api/pld/search',
    method: 'POST',
    path: () => '/api/pld/search',
    auth: (f) => f.staffAuth,
    valid: () => ({ data: { name: 'JUAN', fatherLastName: 'PEREZ', motherLastName: 'LOPEZ', rfc: '', searchType: 'SplitText', filterRFC: false } }),
  },
  {
    name: 'POST /staff/login',
    method: 'POST',
    path: () => '/staff/login',
    auth: () => null,
    valid: () => ({ username: 'demo', password: 'no-es-la-clave', next: '/' }),
    form: true,
  },
];

// ---- hostile values ----

const CONTROL = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u000b', '\u001b', '\u007f', '\ud800', '\udfff', '\ufeff', '\u2028'];

const controlText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 20 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

const hugeText = fc.tuple(fc.integer({ min: 10_000, max: 400_000 }), fc.constantFrom('A', 'Ñ', '\u0000', '😀', '"')).map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

/** Nested arrays or objects, as JSON text (too deep for JSON.stringify to be safe to call). */
const deepText = fc.tuple(fc.integer({ min: 20, max: 6_000 }), fc.constantFrom('array', 'object', 'mixed')).map(([depth, kind]) => {
  if (kind === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (kind === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  return '[{"b":'.repeat(depth) + 'null' + '}]'.repeat(depth);
});

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1, true, false, null, 0),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 5 }),
  fc.string({ maxLength: 50 }),
);

/** A hostile value, as JSON text. */
const hostileValueText: fc.Arbitrary<[string, string]> = fc.oneof(
  controlText.map((t) => ['control character', JSON.stringify(t)] as [string, string]),
  hugeText.map((t) => ['huge string', JSON.stringify(t)] as [string, string]),
  deepText.map((t) => ['deep nesting', t] as [string, string]),
  wrongType.map((v) => ['wrong type', JSON.stringify(v) ?? 'null'] as [string, string]),
  fc.constantFrom('{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '{"__proto__":[]}').map((t) => ['prototype key', t] as [string, string]),
);

// ---- placing a hostile value in a valid body ----

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path into a JSON value (objects and arrays), up to `max` of them. */
function pathsOf(value: Json, max = 400): string[][] {
  const found: string[][] = [[]];
  const walk = (node: Json, path: string[]) => {
    if (found.length >= max || node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      found.push([...path, key]);
      walk(child as Json, [...path, key]);
    }
  };
  walk(value, []);
  return found;
}

const MARK = '"__HOSTILE_VALUE_7f3a__"';

/** The valid body's JSON with `path` replaced by the hostile text (or a new key added at it). */
function placeText(valid: Json, path: string[], hostile: string, extraKey?: string): string {
  const copy = structuredClone(valid) as Json;
  const marker = JSON.parse(MARK);
  if (path.length === 0 && !extraKey) return hostile;
  let node = copy as Record<string, Json>;
  for (const key of path.slice(0, extraKey ? path.length : -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key] as Record<string, Json>;
  }
  node[extraKey ?? path[path.length - 1]] = marker;
  return JSON.stringify(copy).replace(MARK, () => hostile);
}

/** A hostile body for a route, from its valid body, as [content type, body text, what was done]. */
function hostileBody(valid: unknown): fc.Arbitrary<[string | undefined, string | undefined, string]> {
  const json = (valid ?? {}) as Json;
  const paths = pathsOf(json);
  const valueAtPath = fc.tuple(fc.constantFrom(...paths), hostileValueText).map(
    ([path, [kind, text]]) => ['application/json', placeText(json, path, text), `${kind} at ${path.join('.') || '(body)'}`] as [string, string, string],
  );
  const newKey = fc.tuple(fc.constantFrom(...paths), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', ''), hostileValueText).map(
    ([path, key, [kind, text]]) => ['application/json', placeText(json, path, text, key), `${kind} as key "${key}" under ${path.join('.') || '(body)'}`] as [string, string, string],
  );
  const repeated = fc.constantFrom(...paths.filter((p) => p.length === 1)).chain((path) =>
    hostileValueText.map(([kind, text]) => {
      const body = JSON.stringify(json);
      // The same key twice: the valid value first, the hostile one last.
      return ['application/json', body.replace(/}$/, `,${JSON.stringify(path[0])}:${text}}`), `repeated field ${path[0]} (${kind})`] as [string, string, string];
    }),
  );
  const oddContent = fc
    .tuple(
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=latin1', 'application/json', 'application/JSON', '', undefined),
      fc.oneof(
        fc.constant(JSON.stringify(json)),
        fc.constant(''),
        fc.string({ maxLength: 200 }),
        fc.constant('{"data":'),
        fc.constant('null'),
        fc.constant('[]'),
        fc.constant('username=demo&username=otro&password=1&password=2'),
        fc.constant('username[a]=1&password=' + '%00'.repeat(10)),
        hugeText,
      ),
    )
    .map(([type, body]) => [type, body, `content type ${String(type)}, ${body.length} characters`] as [string | undefined, string, string]);
  const everything = fc.oneof(
    { weight: 5, arbitrary: valueAtPath },
    { weight: 2, arbitrary: newKey },
    { weight: 1, arbitrary: repeated },
    { weight: 2, arbitrary: oddContent },
  );
  return paths.length > 0 ? everything : oddContent;
}

/** A hostile path parameter (a uuid-like text) or none. */
const hostileParam = fc.option(
  fc.oneof(
    fc.constantFrom('%00', '..%2F..%2Fetc', '00000000-0000-4000-8000-00000000000%00', 'a'.repeat(2_000), '%E0%A4%A', '__proto__', '1e308', "' or 1=1 --"),
    fc.uuid(),
    fc.string({ maxLength: 40 }).map(encodeURIComponent),
  ),
  { freq: 3 },
);

/** Hostile requests for one route. */
export function hostileRequests(route: WriteRoute, fixtures: FuzzFixtures): fc.Arbitrary<HostileRequest> {
  const valid = route.valid(fixtures);
  const takesParam = route.path(fixtures, 'P').includes('P');
  const formBodies = route.form
    ? fc
        .tuple(
          fc.record({ username: fc.oneof(fc.string({ maxLength: 30 }), controlText, fc.constant('demo')), password: fc.oneof(fc.string({ maxLength: 30 }), controlText, hugeText) }),
          fc.boolean(),
        )
        .map(([fields, repeat]) => {
          const encoded = new URLSearchParams(fields).toString() + (repeat ? '&username=otro&password=x' : '');
          return ['application/x-www-form-urlencoded', encoded, `form${repeat ? ' with repeated fields' : ''}`] as [string, string, string];
        })
    : undefined;
  const bodies = route.method === 'DELETE' ? fc.oneof(hostileBody({ a: 1 }), fc.constant([undefined, undefined, 'no body'] as [undefined, undefined, string])) : hostileBody(valid);
  return fc.tuple(formBodies ? fc.oneof(bodies, formBodies) : bodies, takesParam ? hostileParam : fc.constant(null)).map(([[contentType, body, mutation], param]) => ({
    method: route.method,
    path: route.path(fixtures, param ?? undefined),
    contentType,
    body,
    mutation: param ? `${mutation}; path parameter ${param.slice(0, 60)}` : mutation,
  }));
}

/** Spanish: an accented letter or one of its commonest words. */
const SPANISH = /[áéíóúñ¿¡]|\b(la|el|de|del|no|es|un|una|los|las|debe|ser|por|para|con|o|y|en|se)\b/i;

/** The body of a refusal must say in Spanish what went wrong, with no internal code. */
export function refusalProblem(status: number, contentType: string | null, text: string): string | null {
  if (status < 400) return null;
  if (status >= 500) return `answered ${status}`;
  if (!contentType?.includes('application/json')) {
    return contentType?.includes('text/html') && /[áéíóúñ¿¡]|contraseña|usuario/i.test(text) ? null : `refusal ${status} not JSON (${contentType})`;
  }
  let body: { statusCode?: unknown; message?: unknown; errores?: Record<string, unknown> };
  try {
    body = JSON.parse(text);
  } catch {
    return `refusal ${status} with a body that is not JSON`;
  }
  if (typeof body.message !== 'string' || !SPANISH.test(body.message)) return `refusal ${status} without a Spanish message: ${text.slice(0, 200)}`;
  if (/\b(22021|22P02|22P05|54001|ERR_[A-Z_]+|FST_[A-Z_]+)\b/.test(text)) return `refusal ${status} carries an internal code: ${text.slice(0, 200)}`;
  const english = Object.entries(body.errores ?? {}).find(([, message]) => typeof message !== 'string' || !(SPANISH.test(message) || /^¡.*!$/.test(message)));
  if (english) return `refusal ${status} with a field message not in Spanish: ${english[0]}: ${String(english[1]).slice(0, 120)}`;
  return null;
}
