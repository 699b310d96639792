// One simulated applicant of the load run, as the browser drives the API: a public token, the
// first tab's POST, a PUT for each further tab and the finish; for a PM its guarantors (each one's
// wizard saved tab by tab and completed) before the PM is finished. Think times between the steps.
// Each call goes to the next instance (round-robin) and its latency is recorded by kind; the
// finished records are then read back as staff and compared with what was sent.
import { applicationOf, differences, guarantorOf, modelAtTab, type Application, type Kind } from './load-applications';

export type CallKind = 'token' | 'post' | 'put' | 'finish' | 'guarantor post' | 'guarantor put' | 'guarantor complete' | 'get' | 'read back (staff)' | 'health (probe)';
export const SAVE_KINDS: CallKind[] = ['post', 'put', 'finish', 'guarantor post', 'guarantor put', 'guarantor complete'];

export interface LoadRun {
  /** The next instance's base URL (round-robin). */
  nextBase(): string;
  /** The staff bearer header the read-back uses. */
  staffAuthorization: string;
  thinkMs: [number, number];
  record(kind: CallKind, ms: number): void;
  fail(what: string): void;
  mismatch(what: string): void;
}

export class CallFailed extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function call(run: LoadRun, kind: CallKind, method: string, path: string, authorization: string | null, body: unknown, expected: number) {
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    const response = await fetch(`${run.nextBase()}/api${path}`, {
      method,
      headers: { ...(authorization ? { authorization } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    text = (error as Error).message;
  }
  run.record(kind, performance.now() - started);
  if (status !== expected) {
    run.fail(`${kind} ${method} ${path.replace(/[0-9a-f-]{36}/, '{uuid}')}: ${status} ${text.slice(0, 300)}`);
    throw new CallFailed();
  }
  return JSON.parse(text);
}

const think = (run: LoadRun) => sleep(run.thinkMs[0] + Math.random() * (run.thinkMs[1] - run.thinkMs[0]));

type Saved = { code: string; uuid: string; sent: Record<string, unknown> };

/** One wizard filled tab by tab: POST from the first, PUT from the others, the last one finishing (or completing a guarantor). */
async function fillWizard(run: LoadRun, authorization: string, application: Application, parentUuid: string | null): Promise<Saved> {
  const { code, wizard } = application;
  const guarantor = parentUuid !== null;
  // A PM's Avales tab saves nothing of its own: the PM is finished from it.
  const tabs = wizard.tabs.filter((tab) => !tab.alwaysValid).length;
  let uuid = '';
  let version = 0;
  let sent: Record<string, unknown> = {};
  for (let index = 0; index < tabs; index++) {
    if (index > 0) await think(run);
    const last = index === tabs - 1 && !(code === 'wizardpm' && !guarantor);
    sent = modelAtTab(application, index);
    const meta = {
      last_index: last ? index : index + 1,
      ...(last ? { complete: true, ...(guarantor ? {} : { declaracion_aceptada: true }) } : {}),
      franchise: null,
      parent_uuid: parentUuid,
      version: index === 0 ? null : version,
      guarantors: [],
    };
    if (index === 0) {
      const [created, extra] = await call(run, guarantor ? 'guarantor post' : 'post', 'POST', `/${code}`, authorization, { data: sent, meta }, 201);
      uuid = created;
      version = extra.version;
    } else {
      const kind = last ? (guarantor ? 'guarantor complete' : 'finish') : guarantor ? 'guarantor put' : 'put';
      version = (await call(run, kind, 'PUT', `/${code}/${uuid}`, authorization, { data: sent, meta }, 200)).meta.version;
    }
  }
  return { code, uuid, sent };
}

/** Applicant number `n`, start to finish; answers how many records it read back (none when a call failed). */
export async function runApplicant(run: LoadRun, n: number, kind: Kind): Promise<number> {
  try {
    const token = await call(run, 'token', 'POST', '/oauth/token', null, { grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante', scope: '' }, 200);
    const authorization = `Bearer ${token.access_token}`;
    const application = applicationOf(kind, n);
    const records: Saved[] = [];
    if (kind !== 'pm') {
      records.push(await fillWizard(run, authorization, application, null));
    } else {
      // The PM up to its Avales tab, then one or two guarantors, then the PM finished from the Avales tab.
      const pm = application.wizard.tabs.length - 1;
      const stored = await fillWizard(run, authorization, application, null);
      records.push(stored);
      for (let g = 0; g < 1 + (n % 2); g++) {
        await think(run);
        records.push(await fillWizard(run, authorization, guarantorOf(n, g), stored.uuid));
      }
      await think(run);
      // Back on the PM, the wizard opens it again (its guarantors listed) and finishes it.
      const opened = await call(run, 'get', 'GET', `/wizardpm/${stored.uuid}/1`, authorization, undefined, 200);
      const sent = modelAtTab(application, pm);
      const meta = { last_index: pm, complete: true, declaracion_aceptada: true, franchise: null, parent_uuid: null, version: opened.meta.version, guarantors: [] };
      await call(run, 'finish', 'PUT', `/wizardpm/${stored.uuid}`, authorization, { data: sent, meta }, 200);
      records[0] = { ...stored, sent };
    }
    // Read back as staff (the public no longer sees a finished record): each equals what its applicant sent last.
    for (const { code, uuid, sent } of records) {
      const { data } = await call(run, 'read back (staff)', 'GET', `/${code}/${uuid}/0`, run.staffAuthorization, undefined, 200);
      const found = differences(sent, data);
      if (found.length > 0) run.mismatch(`${code} ${uuid} (applicant ${n}): ${found.slice(0, 3).join('; ')}`);
    }
    return records.length;
  } catch (error) {
    if (!(error instanceof CallFailed)) run.fail(`applicant ${n}: ${(error as Error).stack ?? error}`);
    return 0;
  }
}
