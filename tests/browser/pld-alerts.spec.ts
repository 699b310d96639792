// Ongoing PLD monitoring against the real server (README "Ongoing PLD monitoring"): a PM filled by the
// public names a shareholder that a new version of the lists adds to the SFP list; the lists are
// reloaded from the server's folder (tests/browser/support/server.ts `pldDataDir`), the monitoring
// raises an alert, and staff see it in the header's badge and on 'Alertas PLD', open the application
// at its PLD review, close the alert with the keyboard, and find both in the application's history.
// Other tests share the server and may store matching names: assertions are on this test's own row.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { validPmModel } from '../unit/forms/fixtures';
import { createApplication, staffBearer } from './support/api';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { pldDataDir } from './support/server';

const ZAFIRO = 'PROVEEDORA ZAFIRO DE PRUEBA, S.A. DE C.V.';
const SHAREHOLDER = 'Proveedora Zafiro de Prueba SA de CV';
const APPLICATION = 'COMERCIALIZADORA ALERTA NAVEGADOR SA DE CV';
const REASON = 'Otra empresa: su RFC no coincide con el del proveedor sancionado.';
const SFP_FILE = 'sfp_proveedores_contratistas_sancionados.csv.gz';

/** Adds the SFP row to the server's copy of the lists (once: a second run on the same server adds nothing). */
function addZafiroToSfp(port: number) {
  const file = path.join(pldDataDir(port), SFP_FILE);
  const text = gunzipSync(fs.readFileSync(file)).toString('utf8');
  if (text.includes(ZAFIRO)) return;
  fs.writeFileSync(file, gzipSync(`${text}"${ZAFIRO}",SECRETARÍA DE PRUEBA,1/2026,PA-1/2026,LEY,01-01-2026,,,1 año\n`));
}

/** Reloads the lists as the Administrador and waits until their monitoring has finished; answers the new version. */
async function reloadAndMonitor(request: APIRequestContext, authorization: string) {
  const reload = await request.post('/api/pld/lists/reload', { headers: { authorization } });
  expect(reload.status(), await reload.text()).toBe(200);
  const answer = await reload.json();
  expect(answer.cambiada).toBe(true);
  await expect
    .poll(async () => (await (await request.get('/api/pld/lists', { headers: { authorization } })).json()).monitoreo, { timeout: 60_000 })
    .toMatchObject({ version: answer.version, terminado: true });
  return answer.version as string;
}

test('a reload that lists a stored shareholder raises an alert staff see, follow to the review, close with the keyboard and find in the history', async ({ page, request, baseURL }) => {
  test.slow();
  const pm = validPmModel();
  pm.accionistas[0] = { ...pm.accionistas[0]!, tipo_persona: 'Moral', genero: '', nombre: SHAREHOLDER, apellido_paterno: '', apellido_materno: '', rfc: 'PZP150101AB1' };
  const uuid = await createApplication(request, 'pm', { last_index: 3 }, { nombre: APPLICATION, accionistas: pm.accionistas });

  addZafiroToSfp(Number(new URL(baseURL!).port));
  const staff = await staffBearer(request, baseURL!);
  const version = await reloadAndMonitor(request, staff);
  const alerts = (await (await request.get('/api/pld/alertas?estado=abiertas', { headers: { authorization: staff } })).json()).alertas as Array<Record<string, any>>;
  const alert = alerts.find((one) => one.solicitud.uuid === uuid);
  expect(alert).toMatchObject({ persona: SHAREHOLDER, nombre_lista: ZAFIRO, lista: 'SFP', version_listas: version, estado: 'abierta' });

  // Staff sign in: the badge counts the open alerts (this one at least) and leads to them.
  await page.goto('/staff/login?next=%2F');
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  const header = page.getByRole('banner');
  await expect(header).toContainText('María González Ruiz');
  const open = (await (await page.request.get('/api/me')).json()).data.alertas_pld as number;
  expect(open).toBeGreaterThanOrEqual(1);
  const badge = header.getByRole('link', { name: /^Notificaciones:/ });
  await expect(badge).toHaveAccessibleName(new RegExp(`, ${open} ${open === 1 ? 'alerta PLD abierta' : 'alertas PLD abiertas'}$`));

  // The Analista's menu has the page.
  await header.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('menu', { name: 'Menú del personal' }).getByRole('menuitem', { name: 'Alertas PLD' }).click();
  await expect(page).toHaveURL(/\/alertas-pld$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alertas PLD' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: APPLICATION });
  await expect(row).toHaveCount(1);
  for (const text of [SHAREHOLDER, 'Accionista', ZAFIRO, 'SFP', `versión ${version}`, alert!.motivo_coincidencia, 'Abierta']) await expect(row).toContainText(text);
  // The version, a 16-digit hash, is one word on one line.
  const versionLines = () =>
    row.evaluate((element, text) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }
      return 0;
    }, version);
  expect(await versionLines()).toBe(1);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-alerts/real-open-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(row).toContainText(ZAFIRO);
  expect(await versionLines()).toBe(1);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-alerts/real-open-360.png', fullPage: true });

  // Its link opens the application at its 'Validaciones PLD' review.
  await row.getByRole('link', { name: APPLICATION }).click();
  await expect(page).toHaveURL(new RegExp(`/pm/${uuid}$`));
  await expect(page.getByRole('button', { name: /Validaciones PLD/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Coincidencias por revisar')).toBeVisible();
  await expect(page.getByText(`Versión ${version} de las listas`, { exact: false })).toBeVisible();
  // 'Finalizar' screens the application and, its matches waiting, opens the review first: the new match is in the 'Accionistas' table.
  await page.getByRole('button', { name: 'Finalizar' }).click();
  const review = page.getByRole('dialog', { name: '¡Coincidencias personas de alto riesgo!' });
  await expect(review).toBeVisible();
  const shareholders = review.getByRole('table', { name: 'Accionistas', exact: true });
  const match = shareholders.getByRole('row').filter({ hasText: ZAFIRO });
  await expect(match).toHaveCount(1);
  await expect(match).toContainText('SFP');
  await expect(match).toContainText(/Coincide con PROVEEDORA ZAFIRO DE PRUEBA SA DE CV/i);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  // At 360 px each match is a card: its list shows without scrolling sideways.
  const box = review.getByRole('region', { name: 'Accionistas', exact: true });
  await box.scrollIntoViewIfNeeded();
  const list = (await match.locator('td[data-label="Lista"]').boundingBox())!;
  expect(list.x + list.width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/pld-alerts/real-review-360.png' });
  await box.screenshot({ path: 'test-results/pld-alerts/real-review-shareholders-360.png' });
  // Reviewing it is not this test's: the review closes, nothing saved or finished.
  await review.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(review).toBeHidden();
  await expect(page.getByRole('button', { name: /Validaciones PLD/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Coincidencias por revisar')).toBeVisible();

  // Back on the alerts page, the alert is closed with the keyboard alone.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/alertas-pld');
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: APPLICATION }).focus();
  await page.keyboard.press('Tab');
  const opener = row.getByRole('button', { name: `Cerrar alerta de ${SHAREHOLDER} (SFP)` });
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cerrar alerta' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${SHAREHOLDER} coincide con ${ZAFIRO} en la lista SFP`);
  const confirmed = dialog.getByRole('radio', { name: 'Coincidencia confirmada' });
  const homonym = dialog.getByRole('radio', { name: 'Homónimo' });
  // Open, the dialog gives the focus to the first choice; an arrow moves it to 'Homónimo'.
  await expect(confirmed).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(homonym).toBeFocused();
  await expect(homonym).toBeChecked();
  await page.keyboard.press('Tab');
  const reason = dialog.getByRole('textbox', { name: /Motivo del cierre/ });
  await expect(reason).toBeFocused();
  await page.keyboard.type(REASON);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cerrar alerta' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Space');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Alerta de ${SHAREHOLDER} cerrada como homónimo.` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Alertas PLD' })).toBeFocused();
  await expect(row).toHaveCount(0);
  await expect(badge).toHaveAccessibleName(new RegExp(`, ${open - 1} ${open - 1 === 1 ? 'alerta PLD abierta' : 'alertas PLD abiertas'}$`));

  // Under 'Cerradas': who closed it, when, and why.
  await page.getByRole('radio', { name: 'Cerradas' }).click();
  await expect(page).toHaveURL(/\?estado=cerradas$/);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Homónimo');
  await expect(row).toContainText(/Cerrada por María González Ruiz el \d+ de \w+ de \d{4}, \d\d:\d\d\./);
  await expect(row).toContainText(`Motivo del cierre: ${REASON}`);
  await expect(row.getByRole('button', { name: /Cerrar alerta/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-alerts/real-closed-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(row).toContainText(`Motivo del cierre: ${REASON}`);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/pld-alerts/real-closed-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The application's history has both: raised by the monitoring, closed by the staff member.
  await page.goto(`/historial/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de cambios del cliente' })).toBeVisible();
  const raised = page.getByRole('article', { name: /^Alerta PLD · .* · Monitoreo PLD$/ });
  await expect(raised).toHaveCount(1);
  await expect(raised).toContainText(`${ZAFIRO} (SFP) para ${SHAREHOLDER}`);
  const closing = page.getByRole('article', { name: /^Alerta PLD cerrada · .* · María González Ruiz$/ });
  await expect(closing).toHaveCount(1);
  await expect(closing).toContainText(`Homónimo: ${REASON}`);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-alerts/real-history-1280.png', fullPage: true });
});
