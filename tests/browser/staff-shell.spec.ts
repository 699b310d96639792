// Staff: sign in through the main-system stand-in, see the staff header, navigate, sign out.
import { expect, test, type Page } from '@playwright/test';
import { createApplication } from './support/api';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';

async function signIn(page: Page, next = '/') {
  await page.goto(`/staff/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** The menu's first entries, in the order the arrows walk them. */
const MENU_ENTRIES = ['Nueva solicitud', 'Registros sin terminar', 'Solicitantes'] as const;

/**
 * With the focus on 'Menú': Enter opens the staff menu on its first entry, and the arrows walk down to
 * `entry`, each step checked. The entry is left focused, not chosen.
 */
async function walkMenuTo(page: Page, entry: (typeof MENU_ENTRIES)[number]) {
  const menu = page.getByRole('menu', { name: 'Menú del personal' });
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: MENU_ENTRIES[0] })).toBeFocused();
  for (const next of MENU_ENTRIES.slice(1, MENU_ENTRIES.indexOf(entry) + 1)) {
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: next })).toBeFocused();
  }
}

test('a wrong password keeps the staff member on the sign-in page with a message, typing the password again', async ({ page }) => {
  await page.goto('/staff/login');
  await expect(page.getByLabel('Usuario')).toBeFocused();
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('equivocada');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos.');
  await expect(page.getByLabel('Usuario')).toHaveValue('demo');
  await expect(page.getByLabel('Contraseña')).toBeFocused();
  await expect(page.getByLabel('Contraseña')).toHaveAccessibleDescription('Usuario o contraseña incorrectos.');
  await expectAccessible(page);
});

test('staff sign in and see the staff header with their name, franchise, notifications and role menu', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  // Both surnames, as the staff directory has them.
  await expect(header).toContainText('María González Ruiz');
  await expect(header).toContainText('Franquicia: Guadalajara Centro');
  await expect(header.getByRole('link', { name: 'Notificaciones: 1 sin leer' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Preferencias' })).toHaveAttribute('href', '/staff/preferencias');
  // Sign-out is a button that posts a form (a link would let another site sign staff out).
  await expect(header.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cerrar sesión' })).toHaveCount(0);
  // Staff see no public footer, no 'Ver información requerida' and no 'Regresar al menú'.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Ver información requerida/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Regresar al menú' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Lista de clientes' })).toHaveAttribute('href', '/list');
  await expectAccessible(page);

  await header.getByRole('button', { name: 'Menú' }).click();
  const menu = page.getByRole('menu', { name: 'Menú del personal' });
  for (const section of ['Usuario', 'Analista', 'Administrador']) await expect(menu).toContainText(section);
  for (const entry of ['Nueva solicitud', 'Registros sin terminar', 'Solicitantes', 'Lista de clientes', 'Alertas PLD', 'Correos enviados', 'Laboratorio de máquinas']) {
    await expect(menu.getByRole('menuitem', { name: entry })).toBeVisible();
  }
  await expectAccessible(page);
  await menu.getByRole('menuitem', { name: 'Registros sin terminar' }).click();
  await expect(page).toHaveURL(/\/list-cache$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registros sin terminar' })).toBeVisible();
});

test("staff get the client's change history link on a record and no 'Regresar al menú'", async ({ page, request }) => {
  const uuid = await createApplication(request, 'pm');
  await signIn(page, `/pm/${uuid}?params=F9`);
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud de Persona Moral' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Historial de cambios del cliente' })).toHaveAttribute('href', `/historial/${uuid}`);
  await expect(page.getByRole('link', { name: 'Regresar al menú' })).toHaveCount(0);
  // On that history, no link to the page shown; the client list is still there.
  await page.getByRole('link', { name: 'Historial de cambios del cliente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de cambios del cliente' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Historial de cambios del cliente' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Lista de clientes' })).toHaveAttribute('href', '/list');
});

test('at 360 px the staff header is one line: the name shortened, the franchise, preferences and sign-out in the menu', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  const header = page.getByRole('banner');
  await expect(header).toContainText('María González');
  await expectNoHorizontalScroll(page);
  // One line: as tall as its buttons, and every part of it side by side.
  const height = (await header.boundingBox())!.height;
  expect(height).toBeLessThanOrEqual(52);
  const tops = await header.evaluate((element) =>
    [...element.querySelectorAll('.brand, .staff-name, .staff-actions > *')]
      .filter((part) => part.getBoundingClientRect().width > 0)
      .map((part) => part.getBoundingClientRect())
      .map((box) => Math.round(box.top + box.height / 2)),
  );
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
  await expect(header.getByText('Franquicia: Guadalajara Centro')).toBeHidden();
  await expect(header.getByRole('button', { name: 'Cerrar sesión' })).toBeHidden();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/staff-header/header-360.png' });

  // From the menu by keyboard to another page: its title has the focus, ringed.
  const opener = header.getByRole('button', { name: 'Menú' });
  await opener.focus();
  await walkMenuTo(page, 'Registros sin terminar');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/list-cache$/);
  const title = page.getByRole('heading', { level: 1, name: 'Registros sin terminar' });
  await expect(title).toBeFocused();
  await expect(page.getByRole('menu', { name: 'Menú del personal' })).toBeHidden();
  await expect(title).toHaveCSS('outline-style', 'solid');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/staff-header/menu-to-page-360.png' });

  await header.getByRole('button', { name: 'Menú' }).click();
  const menu = page.getByRole('menu', { name: 'Menú del personal' });
  await expect(menu).toContainText('María González Ruiz');
  await expect(menu).toContainText('Franquicia: Guadalajara Centro');
  await expect(menu.getByRole('menuitem', { name: 'Preferencias' })).toHaveAttribute('href', '/staff/preferencias');
  const signOut = menu.getByRole('menuitem', { name: 'Cerrar sesión' });
  await expect(signOut).toBeInViewport();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/staff-header/menu-360.png' });
  // The menu's sign-out posts the header's form.
  await signOut.click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(warnings.filter((text) => /Popover|Blueprint|Warning/.test(text))).toEqual([]);
});

test('at 1280 px the staff header shows the franchise, preferences and sign-out, and the menu only the roles', async ({ page }) => {
  await signIn(page);
  const header = page.getByRole('banner');
  await expect(header.getByText('Franquicia: Guadalajara Centro')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await page.screenshot({ path: 'test-results/staff-header/header-1280.png' });
  await header.getByRole('button', { name: 'Menú' }).click();
  const menu = page.getByRole('menu', { name: 'Menú del personal' });
  await expect(menu.getByRole('menuitem', { name: 'Nueva solicitud' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeHidden();
  await expect(menu.getByText('Franquicia: Guadalajara Centro')).toBeHidden();
  await page.screenshot({ path: 'test-results/staff-header/menu-1280.png' });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // A click on a section's title leaves the focus on the popover around the menu: Escape closes it from there too.
  await header.getByRole('button', { name: 'Menú' }).click();
  await menu.getByRole('separator').filter({ visible: true }).first().click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // By keyboard, a menu as WAI-ARIA's: Enter opens it on its first item, the arrows move between the
  // items shown (round), Home goes to the first, Escape closes it and gives the focus back.
  const opener = header.getByRole('button', { name: 'Menú' });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Nueva solicitud' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Registros sin terminar' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Laboratorio de máquinas' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(menu.getByRole('menuitem', { name: 'Nueva solicitud' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Laboratorio de máquinas' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(opener).toBeFocused();

  // An entry leading to another page: that page's title takes the focus, as after any other page change.
  await walkMenuTo(page, 'Solicitantes');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/list$/);
  const title = page.getByRole('heading', { level: 1, name: 'Solicitantes' });
  await expect(title).toBeFocused();
  await expect(menu).toBeHidden();
  await expect(title).toBeFocused(); // still, once the menu has faded out
  await expectAccessible(page);
  // The entry of the page shown: no page change, and the menu gives the focus back to 'Menú'.
  await opener.focus();
  await walkMenuTo(page, 'Solicitantes');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(opener).toBeFocused();
});

test("'Quedarme' after a menu entry meets unsaved changes leaves the focus on the page's title, not nowhere", async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 0 });
  await signIn(page, `/pf/${uuid}`);
  const name = page.getByLabel('Nombre(s)', { exact: true });
  await name.fill('OTRO NOMBRE');
  const opener = page.getByRole('banner').getByRole('button', { name: 'Menú' });
  await opener.focus();
  await walkMenuTo(page, 'Solicitantes');
  await page.keyboard.press('Enter');
  const leave = page.getByRole('dialog', { name: 'Tienes cambios sin guardar' });
  await expect(leave.getByRole('button', { name: 'Quedarme' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/pf/${uuid}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(name).toHaveValue('OTRO NOMBRE');
  await expectAccessible(page);
});

test('signing out in the main system ends the staff session; the app is public again', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('banner')).toContainText('María González');
  // By keyboard: the sign-out button takes focus and Enter posts it.
  await page.getByRole('button', { name: 'Cerrar sesión' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Ver información requerida de Persona Moral' })).toBeVisible();
  await expect(page.getByRole('banner')).not.toContainText('María González');
});

test("the app's own /logout ends the staff session too: staff pages ask to sign in again", async ({ page }) => {
  await signIn(page, '/list-cache');
  await expect(page.getByRole('heading', { level: 1, name: 'Registros sin terminar' })).toBeVisible();
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.goto('/list-cache');
  await expect(page).toHaveURL(/\/staff\/login\?next=/);
  await page.goto('/');
  await expect(page.getByRole('banner')).not.toContainText('María González');
});

test('a staff cookie whose profile cannot be loaded sends the person to /error', async ({ page, context, baseURL }) => {
  // The readable marker says "staff", but there is no valid session cookie behind it.
  await context.addCookies([{ name: 'sistema_sesion_activa', value: '1', url: baseURL! }]);
  await page.goto('/pf');
  await expect(page).toHaveURL(/\/error$/);
  await expect(page.getByRole('heading', { name: 'Ocurrió un error' })).toBeVisible();
});
