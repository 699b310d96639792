// 'Alertas PLD' in the browser against a stand-in of the alerts API (page.route): the badge leads
// there, the table at 1280 px and its cards at 360 px, the filter, the closing dialog (its checks,
// a 409, keyboard and focus), with axe on each state. The alerts the real monitoring raises after
// a list reload are tests/browser/pld-alerts.spec.ts's; here the API's answers are the test's own,
// and GET /me says the same number of open alerts as the stand-in holds.
import { expect, test, type Page } from '@playwright/test';
import type { PldAlert } from '../../forms/contracts/pld-alerts';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';

const BASE: PldAlert = {
  id: 1,
  solicitud: { uuid: 'f616852b-b7d7-409a-8adf-134848584251', tipo_persona: 'Moral', nombre: 'TRANSPORTES DEL NORTE SA DE CV', completa: true },
  grupo: 'legalRepresentative',
  persona: 'JOAQUÍN GUZMÁN LOERA',
  nombre_lista: 'GUZMAN LOERA, Joaquin',
  lista: 'OFAC SDN',
  id_lista: 'OFAC SDN:7156',
  score: 0.95,
  motivo_coincidencia: 'nombre: 3 de 3 palabras, similitud 0.95: guzman, loera, joaquin',
  version_listas: '2026-11-25.a1b2c3',
  encontrada_el: '2026-11-25T18:00:00.000Z',
  estado: 'abierta',
  cerrada_por: null,
  cerrada_el: null,
  motivo_cierre: null,
};

const ALERTS: PldAlert[] = [
  BASE,
  {
    ...BASE,
    id: 2,
    grupo: 'HeritageBond',
    persona: 'ISMAEL ZAMBADA GARCÍA',
    nombre_lista: 'ZAMBADA GARCIA, Ismael',
    id_lista: 'OFAC SDN:8561',
    score: 0.91,
    solicitud: { uuid: 'a0000000-0000-4000-8000-000000000002', tipo_persona: 'Física', nombre: 'CARLOS RAMÍREZ', completa: false },
  },
  {
    ...BASE,
    id: 3,
    grupo: 'guaranteeRepresentatives',
    persona: 'MARÍA LÓPEZ',
    lista: 'ONU',
    nombre_lista: 'LOPEZ, Maria',
    id_lista: 'ONU:QDi.123',
    score: 0.87,
    estado: 'homonimo',
    cerrada_por: 'Luis Pérez Gómez',
    cerrada_el: '2026-11-26T17:30:00.000Z',
    motivo_cierre: 'La fecha de nacimiento y la CURP no coinciden con las de la lista.',
  },
];

const CONFLICT = 'Luis Pérez Gómez ya cerró esta alerta el 26 de noviembre de 2026, 11:30.';

/** Answers the alerts API from a list the test holds (closing one closes it, or answers 409), and signs in as the demo staff member (Analista and Administrador). */
async function signInWithAlerts(page: Page, { conflict = false } = {}) {
  let alerts = ALERTS.map((alert) => ({ ...alert }));
  const open = () => alerts.filter((alert) => alert.estado === 'abierta').length;
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    await route.fulfill({ response, json: { ...json, data: { ...json.data, alertas_pld: open() } } });
  });
  await page.route('**/api/pld/alertas**', async (route) => {
    const url = new URL(route.request().url());
    const closing = /\/pld\/alertas\/(\d+)\/cierre$/.exec(url.pathname);
    if (closing) {
      if (conflict) return route.fulfill({ status: 409, json: { statusCode: 409, code: 'alert_closed', message: CONFLICT } });
      const { estado, motivo } = route.request().postDataJSON() as { estado: 'confirmada' | 'homonimo'; motivo: string };
      alerts = alerts.map((alert) =>
        alert.id === Number(closing[1]) ? { ...alert, estado, motivo_cierre: motivo, cerrada_por: 'María González Ruiz', cerrada_el: new Date().toISOString() } : alert,
      );
      return route.fulfill({ json: alerts.find((alert) => alert.id === Number(closing[1])) });
    }
    const estado = url.searchParams.get('estado') ?? 'abiertas';
    const shown = alerts.filter((alert) => estado === 'todas' || (estado === 'abiertas') === (alert.estado === 'abierta'));
    return route.fulfill({ json: { abiertas: open(), alertas: shown } });
  });
  await page.goto('/staff/login?next=%2F');
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('banner')).toContainText('María González');
}

for (const width of [1280, 360]) {
  test(`at ${width} px: the badge leads to the open alerts, the filter shows the others, an alert is closed from its dialog`, async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await signInWithAlerts(page);
    const badge = page.getByRole('banner').getByRole('link', { name: /^Notificaciones:/ });
    await expect(badge).toHaveAccessibleName('Notificaciones: 1 sin leer, 2 alertas PLD abiertas');
    await badge.click();
    await expect(page).toHaveURL(/\/alertas-pld$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Alertas PLD' })).toBeVisible();
    await expect(page.getByText('2 alertas abiertas')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/pld-alerts/open-${width}.png`, fullPage: true });

    await page.getByRole('radio', { name: 'Todas' }).click();
    await expect(page).toHaveURL(/\?estado=todas$/);
    await expect(page.getByText('3 alertas', { exact: true })).toBeVisible();
    await expect(page.getByText('Cerrada por Luis Pérez Gómez el 26 de noviembre de 2026')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/pld-alerts/all-${width}.png`, fullPage: true });
    await page.getByRole('radio', { name: 'Abiertas' }).click();
    await expect(page.getByText('2 alertas abiertas')).toBeVisible();

    const opener = page.getByRole('button', { name: 'Cerrar alerta de JOAQUÍN GUZMÁN LOERA (OFAC SDN)' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Cerrar alerta' });
    await dialog.getByRole('button', { name: 'Cerrar alerta' }).click();
    await expect(dialog.getByText('Elige si es una coincidencia confirmada o un homónimo.')).toBeVisible();
    await expect(dialog.getByText('Escribe el motivo del cierre.')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/pld-alerts/dialog-${width}.png` });
    // Blueprint's radio draws its circle over the input: a person clicks the label.
    await dialog.getByText('Homónimo', { exact: true }).click();
    await dialog.getByLabel(/Motivo del cierre/).fill('La CURP del solicitante no coincide con la de la lista.');
    await dialog.getByRole('button', { name: 'Cerrar alerta' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Alerta de JOAQUÍN GUZMÁN LOERA cerrada como homónimo.')).toBeVisible();
    await expect(page.getByText('1 alerta abierta')).toBeVisible();
    // Its button gone with the alert, the focus is on the title; the header counts one alert less.
    await expect(page.getByRole('heading', { level: 1, name: 'Alertas PLD' })).toBeFocused();
    await expect(badge).toHaveAccessibleName('Notificaciones: 1 sin leer, 1 alerta PLD abierta');
    expect(warnings).toEqual([]);
  });
}

test('by keyboard: a 409 is said in the dialog, which keeps what was typed; Escape gives the focus back to the row', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithAlerts(page, { conflict: true });
  await page.goto('/alertas-pld');
  const opener = page.getByRole('button', { name: 'Cerrar alerta de JOAQUÍN GUZMÁN LOERA (OFAC SDN)' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cerrar alerta' });
  await expect(dialog).toBeVisible();
  const confirmed = dialog.getByRole('radio', { name: 'Coincidencia confirmada' });
  // The dialog opens with its first choice focused.
  await expect(confirmed).toBeFocused();
  await page.keyboard.press('Space');
  await expect(confirmed).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/Motivo del cierre/)).toBeFocused();
  await page.keyboard.type('Misma CURP que la lista.');
  await dialog.getByRole('button', { name: 'Cerrar alerta' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(CONFLICT);
  await expect(dialog.getByLabel(/Motivo del cierre/)).toHaveValue('Misma CURP que la lista.');
  await expect(confirmed).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Cerrar alerta' })).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-alerts/conflict-360.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
