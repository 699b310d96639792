// Issue 12, finding 9: the Content-Security-Policy is sent with every page and the app works
// under it on every route, public and staff: no policy violation and no console error anywhere.
import { expect, test, type Page, type Response } from '@playwright/test';
import { createApplication } from './support/api';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';

const STAFF_PASSWORD = process.env.DEMO_STAFF_PASSWORD ?? 'demo1234';

/** Records every CSP violation and console error of the page from its first script on. */
async function watch(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

function expectPolicy(response: Response | null) {
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe');
}

const heading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });

// Many routes a test, on a machine shared with other work.
test.describe.configure({ timeout: 120_000 });

test('every public route works under the CSP', async ({ page, request }) => {
  const problems = await watch(page);
  const pf = await createApplication(request, 'pf');
  const pm = await createApplication(request, 'pm');

  expectPolicy(await page.goto('/'));
  await heading(page, 'Solicitud online');
  await expectAccessible(page);
  await page.goto('/?informacion=pf');
  await expect(page.getByRole('dialog')).toBeVisible();

  // The applicant's wizards open with a notice to accept; the guarantors' do not.
  for (const [route, title, notice] of [
    ['/pf', 'Solicitud de Persona Física', true],
    ['/pfae', 'Solicitud de Persona Física con actividad empresarial', true],
    ['/pm', 'Solicitud de Persona Moral', true],
    ['/aval/pf', 'Aval Persona Física', false],
    ['/aval/pfae', /^Aval Persona Física con actividad/, false],
    ['/aval/pm', 'Aval Persona Moral', false],
    [`/avalpf?pm=${pm}`, 'Aval Persona Física', false],
  ] as const) {
    expectPolicy(await page.goto(route));
    if (notice) await page.getByRole('button', { name: 'Aceptar' }).click();
    await heading(page, title);
  }

  // A stored record, a popover (the date picker) and the field errors, all styled through the CSSOM.
  expectPolicy(await page.goto(`/pf/${pf}`));
  await expect(page.getByRole('textbox', { name: 'Empresa' })).toHaveValue('ACME SA DE CV');
  await page.getByRole('button', { name: 'Abrir calendario' }).click();
  await expect(page.locator('.bp6-popover, .bp5-popover').first()).toBeVisible();
  await page.keyboard.press('Escape');

  for (const [route, title] of [
    ['/error', 'Ocurrió un error'],
    ['/incorrectCode', /EL CÓDIGO ES INCORRECTO/],
    ['/expiredCode', /EL CÓDIGO HA EXPIRADO/],
    ['/ruta-que-no-existe', 'La página que buscas no existe'],
  ] as const) {
    expectPolicy(await page.goto(route));
    await heading(page, title);
  }
  expect(problems).toEqual([]);
});

test('the staff pages and staff routes work under the CSP', async ({ page, request }) => {
  const problems = await watch(page);
  const pm = await createApplication(request, 'pm');

  expectPolicy(await page.goto('/staff/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  // The served stylesheet applies: the button has its colour, not the browser's default.
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toHaveCSS('background-color', 'rgb(33, 93, 176)');
  await expectAccessible(page);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('banner')).toContainText('María González');

  for (const [route, title] of [
    ['/list', 'Solicitantes'],
    ['/list-cache', 'Registros sin terminar'],
    [`/historial/${pm}`, 'Historial de cambios del cliente'],
    [`/pm/${pm}?params=F9`, 'Solicitud de Persona Moral'],
  ] as const) {
    expectPolicy(await page.goto(route));
    await heading(page, title);
  }
  await expectAccessible(page);

  expectPolicy(await page.goto('/staff/inicio'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hola');
  expectPolicy(await page.goto('/staff/preferencias'));
  await heading(page, 'Preferencias');
  expect(problems).toEqual([]);
});

test('home, a wizard and the staff sign-in fit 360 px under the CSP', async ({ page }) => {
  const problems = await watch(page);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await heading(page, 'Solicitud online');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/csp/home-${width}.png`, fullPage: true });
    await page.goto('/pf');
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await heading(page, 'Solicitud de Persona Física');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/csp/pf-${width}.png`, fullPage: true });
    await page.goto('/staff/login');
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `test-results/csp/staff-login-${width}.png`, fullPage: true });
  }
  expect(problems).toEqual([]);
});
