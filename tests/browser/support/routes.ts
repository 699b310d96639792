// Every route of the product, public and staff, with the records it needs: one list shared by the
// route test (tests/browser/routes.spec.ts: no console warning, axe) and the screenshot script
// (tests/browser/screenshots.ts).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createApplication, createGuarantorOfType, pageBearer } from './api';
import type { AxeScope } from './axe';
import { acceptFirstUse, fillPersonGeneralData } from './wizard-steps';

/** The stored records the routes open: three applications, the PM with a guarantor of each type. */
export interface Records {
  pf: string;
  pfae: string;
  pm: string;
  avalPf: string;
  avalPfae: string;
  avalPm: string;
}

export interface RouteVisit {
  /** A file-name-safe name: the screenshot is test-results/screenshots/<name>-<width>.png. */
  name: string;
  audience: 'public' | 'staff';
  path: (records: Records) => string;
  /** The page's level-1 heading once it has loaded. */
  heading: string | RegExp;
  /** What a person does after the page loads to reach the state shown (accept a notice, open a dialog). */
  then?: (page: Page) => Promise<void>;
  /** Why the development-server run leaves it out (a known problem, reported), if it does. */
  notInDev?: string;
  /** What axe leaves out there (a frame where no script may run). */
  axe?: AxeScope;
}

/**
 * What the console says when Playwright's own scripts (a locator's, the trace's snapshots) meet a
 * sandboxed frame where no script may run (the outbox's message): the page itself puts none there.
 */
export const isPlaywrightInSandbox = (text: string) => text.startsWith("Blocked script execution in 'about:srcdoc'");

const WIZARDS = [
  ['pf', 'Solicitud de Persona Física'],
  ['pfae', 'Solicitud de Persona Física con actividad empresarial'],
  ['pm', 'Solicitud de Persona Moral'],
] as const;

const GUARANTORS = [
  ['pf', 'avalPf', 'Aval Persona Física'],
  ['pfae', 'avalPfae', 'Aval Persona Física con actividad empresarial'],
  ['pm', 'avalPm', 'Aval Persona Moral'],
] as const;

const PUBLIC: RouteVisit[] = [
  { name: 'home', audience: 'public', path: () => '/', heading: 'Solicitud online' },
  {
    name: 'home-information',
    audience: 'public',
    path: () => '/?informacion=pf',
    heading: 'Solicitud online',
    then: async (page) => expect(page.getByRole('dialog')).toBeVisible(),
  },
  ...WIZARDS.flatMap(([kind, heading]): RouteVisit[] => [
    { name: `${kind}-new`, audience: 'public', path: () => `/${kind}`, heading, then: acceptFirstUse },
    { name: `${kind}-saved`, audience: 'public', path: (r) => `/${kind}/${r[kind]}`, heading },
  ]),
  ...GUARANTORS.flatMap(([kind, key, heading]): RouteVisit[] => [
    { name: `aval${kind}-new`, audience: 'public', path: (r) => `/aval${kind}?pm=${r.pm}`, heading },
    { name: `aval${kind}-saved`, audience: 'public', path: (r) => `/aval${kind}/${r[key]}?pm=${r.pm}`, heading },
    { name: `aval-${kind}-without-pm`, audience: 'public', path: () => `/aval/${kind}`, heading },
  ]),
  ...WIZARDS.map(([kind]): RouteVisit => ({
    name: `print${kind}`,
    audience: 'public',
    path: (r) => `/print${kind.toUpperCase()}/${r[kind]}`,
    heading: /Solicitud|Formato|Impresión/,
  })),
  { name: 'error', audience: 'public', path: () => '/error', heading: 'Ocurrió un error' },
  { name: 'incorrect-code', audience: 'public', path: () => '/incorrectCode', heading: /EL CÓDIGO ES INCORRECTO/ },
  { name: 'expired-code', audience: 'public', path: () => '/expiredCode', heading: /EL CÓDIGO HA EXPIRADO/ },
  { name: 'not-found', audience: 'public', path: () => '/ruta-que-no-existe', heading: 'La página que buscas no existe' },
  { name: 'staff-login', audience: 'public', path: () => '/staff/login', heading: 'Iniciar sesión' },
  // Signing out lands on the home page.
  { name: 'logout', audience: 'public', path: () => '/logout', heading: 'Solicitud online' },
];

const STAFF: RouteVisit[] = [
  { name: 'staff-home', audience: 'staff', path: () => '/', heading: 'Solicitud online' },
  {
    name: 'staff-menu',
    audience: 'staff',
    path: () => '/',
    heading: 'Solicitud online',
    then: async (page) => {
      await page.getByRole('banner').getByRole('button', { name: 'Menú' }).click();
      await expect(page.getByRole('menu', { name: 'Menú del personal' })).toBeVisible();
    },
  },
  { name: 'staff-applicants', audience: 'staff', path: () => '/list', heading: 'Solicitantes' },
  { name: 'staff-unfinished', audience: 'staff', path: () => '/list-cache', heading: 'Registros sin terminar' },
  { name: 'staff-history', audience: 'staff', path: (r) => `/historial/${r.pm}`, heading: 'Historial de cambios del cliente' },
  { name: 'staff-pld-alerts', audience: 'staff', path: () => '/alertas-pld?estado=todas', heading: 'Alertas PLD' },
  { name: 'staff-mail-outbox', audience: 'staff', path: () => '/correos', heading: 'Correos enviados' },
  {
    name: 'staff-mail-message',
    audience: 'staff',
    path: (r) => `/correos?q=${r.pf}`,
    heading: 'Correos enviados',
    axe: { exclude: ['.mail-frame'] },
    then: async (page) => {
      await page.getByRole('button', { name: /^Ver correo a .*: Enlace para continuar/ }).click();
      await expect(page.getByRole('dialog', { name: 'Correo' }).locator('iframe')).toBeVisible();
    },
  },
  ...WIZARDS.flatMap(([kind, heading]): RouteVisit[] => [
    { name: `staff-${kind}-new`, audience: 'staff', path: () => `/${kind}?params=F9`, heading, then: acceptFirstUse },
    { name: `staff-${kind}-saved`, audience: 'staff', path: (r) => `/${kind}/${r[kind]}?params=F9`, heading },
  ]),
  { name: 'staff-avalpf-saved', audience: 'staff', path: (r) => `/avalpf/${r.avalPf}?pm=${r.pm}`, heading: 'Aval Persona Física' },
  {
    name: 'staff-pld-review',
    audience: 'staff',
    path: () => '/pf?params=F9',
    heading: 'Solicitud de Persona Física',
    notInDev: "under the development server (React's StrictMode) 'Siguiente' stays busy and the review never opens",
    then: async (page) => {
      // As staff meet it (tests/browser/pld.spec.ts): a listed person's name typed, then leaving the tab opens the review.
      await acceptFirstUse(page);
      await fillPersonGeneralData(page, { nombre: 'joaquín', apellidos: ['guzmán', 'loera'], curp: 'GULJ850314HJCZRQ09', rfc: 'GULJ850314AB1' });
      await expect(page.getByText('Se requiere selección de coincidencias PLD')).toBeVisible();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await expect(page.getByRole('dialog', { name: '¡Coincidencias personas de alto riesgo!' })).toBeVisible({ timeout: 60_000 });
    },
  },
  { name: 'staff-printpf', audience: 'staff', path: (r) => `/printPF/${r.pf}`, heading: /Solicitud|Formato|Impresión/ },
  { name: 'staff-portal-home', audience: 'staff', path: () => '/staff/inicio', heading: /Hola/ },
  { name: 'staff-preferences', audience: 'staff', path: () => '/staff/preferencias', heading: 'Preferencias' },
  { name: 'staff-lab', audience: 'staff', path: () => '/maquinas', heading: 'Laboratorio de máquinas' },
  {
    name: 'staff-lab-wizard',
    audience: 'staff',
    path: () => '/maquinas/wizard',
    heading: 'Laboratorio de máquinas',
    then: async (page) => expect(page.locator('.lab-viewport[data-laid-out="true"]')).toBeVisible({ timeout: 30_000 }),
  },
  { name: 'staff-not-found', audience: 'staff', path: () => '/ruta-que-no-existe', heading: 'La página que buscas no existe' },
  // Last: it ends the staff session and lands on the staff sign-in.
  { name: 'staff-logout', audience: 'staff', path: () => '/logout', heading: 'Iniciar sesión' },
];

export const ROUTES: readonly RouteVisit[] = [...PUBLIC, ...STAFF];

/**
 * Creates the records as the page's own public session (a public session reaches only its own
 * records; staff reach every one): opens the home page first.
 */
export async function createRecords(page: Page, request: APIRequestContext): Promise<Records> {
  const authorization = await pageBearer(page);
  const pf = await createApplication(request, 'pf', { last_index: 2 }, {}, authorization);
  const pfae = await createApplication(request, 'pfae', { last_index: 2 }, {}, authorization);
  const pm = await createApplication(request, 'pm', { last_index: 2 }, {}, authorization);
  const guarantor = (kind: 'pf' | 'pfae' | 'pm', nombre: string) => createGuarantorOfType(request, pm, kind, nombre, { authorization });
  return { pf, pfae, pm, avalPf: await guarantor('pf', 'LUIS'), avalPfae: await guarantor('pfae', 'MARTA'), avalPm: await guarantor('pm', 'AVALES SA DE CV') };
}

/** Signs the page in as the demo staff member, through the staff sign-in page. */
export async function signInAsStaff(page: Page) {
  await page.goto('/staff/login?next=%2F');
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill(process.env.DEMO_STAFF_PASSWORD ?? 'demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('banner')).toContainText('María González');
}

/** Opens a route and brings it to the state it is shown in. */
export async function visit(page: Page, route: RouteVisit, records: Records) {
  await page.goto(route.path(records));
  await expect(page.getByRole('heading', { level: 1, name: route.heading }).first()).toBeVisible();
  await route.then?.(page);
}
