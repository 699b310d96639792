// The public applicant's shell: home menu and its modals, the route table, logout, the
// error and code pages, and the drop-outside notification.
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { acceptFirstUse } from './support/wizard-steps';

const storedToken = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    access: localStorage.getItem('access_token'),
    refresh: localStorage.getItem('refresh_token'),
    type: localStorage.getItem('token_type'),
  }));

test.describe('home as a public applicant', () => {
  test('shows the menu, the public header and footer, and no top navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitud online' })).toBeVisible();
    await expect(page.getByText('Elige el tipo de solicitante')).toBeVisible();
    for (const [title, href] of [
      ['Persona Física', '/pf'],
      ['Persona Física con actividad empresarial', '/pfae'],
      ['Persona Moral', '/pm'],
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: `Iniciar solicitud de ${title}`, exact: true })).toHaveAttribute('href', href);
    }
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.example/prueba');
    await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.example/prueba');
    await expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://linkedin.example/prueba');
    await expect(footer.getByRole('link', { name: /Sitio de/ })).toHaveAttribute('href', 'https://empresa.example');
    // The privacy notice (PRIVACY_NOTICE_URL, by default under the company site) and the SOFOM E.N.R. legend with CONDUSEF.
    const legal = footer.getByRole('navigation', { name: 'Información legal' });
    await expect(legal.getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute('href', 'https://empresa.example/aviso-de-privacidad');
    await expect(legal.getByRole('link', { name: 'CONDUSEF' })).toHaveAttribute('href', 'https://www.condusef.gob.mx');
    await expect(footer).toContainText(
      'Arrendadora Occidente, S.A. de C.V., SOFOM, E.N.R., para su constitución y operación no requiere autorización de la Secretaría de Hacienda y Crédito Público',
    );
    await expect(footer).toContainText('únicamente para efectos del artículo 56 de la Ley General de Organizaciones y Actividades Auxiliares del Crédito.');
    await footer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/public-shell/footer-1280.png' });
    await expect(page.getByRole('banner')).toContainText('Solicitud online');
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Regresar al menú' })).toHaveCount(0);

    const token = await storedToken(page);
    expect(token.access).toBeTruthy();
    expect(token.refresh).toBeTruthy();
    expect(token.type).toBe('Bearer');
    await expectAccessible(page);
  });

  for (const [title, expected] of [
    ['Persona Física', 'RFC con homoclave'],
    ['Persona Física con actividad empresarial', 'Domicilio fiscal y domicilio operativo'],
    ['Persona Moral', 'Accionistas mayoritarios'],
  ]) {
    test(`'Ver información requerida' of ${title} opens its list and 'Cerrar' returns focus`, async ({ page }) => {
      await page.goto('/');
      const trigger = page.getByRole('button', { name: `Ver información requerida de ${title}`, exact: true });
      await trigger.click();
      const dialog = page.getByRole('dialog', { name: 'Información requerida' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(expected);
      await expect(dialog).toContainText(title);
      await expectAccessible(page);
      // Focus stays inside the modal while tabbing.
      const modal = page.locator('.bp6-dialog-container');
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        expect(await modal.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      }
      await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    });
  }

  test('works with the keyboard alone: open the modal, close it with Escape, start an application', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Solicitud online' })).toBeVisible();
    const trigger = page.getByRole('button', { name: 'Ver información requerida de Persona Moral' });
    for (let i = 0; i < 30 && !(await trigger.evaluate((n) => n === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('link', { name: 'Iniciar solicitud de Persona Moral' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pm$/);
    await expect(page.getByRole('heading', { name: 'Solicitud de Persona Moral' })).toBeVisible();
  });

  test('Tab and Shift+Tab in a dialog stop only on what it holds, never on its invisible box', async ({ page }) => {
    // Where the focus stands: a control (or the list's scrollable region) inside the dialog itself.
    const focusStop = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        const inDialog = active?.closest('.bp6-dialog') !== null && active?.closest('.bp6-dialog') !== undefined;
        return `${inDialog ? 'in dialog' : 'outside'}: ${active?.getAttribute('aria-label') ?? active?.textContent?.trim().slice(0, 30)}`;
      });
    const stops = async (key: string, presses: number) => {
      const seen: string[] = [];
      for (let i = 0; i < presses; i++) {
        await page.keyboard.press(key);
        seen.push(await focusStop());
      }
      return seen;
    };
    await page.goto('/');
    await page.getByRole('button', { name: 'Ver información requerida de Persona Física', exact: true }).click();
    const close = page.getByRole('dialog', { name: 'Información requerida' }).getByRole('button', { name: 'Cerrar' });
    // It opens on its title (a long list to read), then the person moves on from its answer.
    await expect.poll(focusStop).toBe('in dialog: Información requerida');
    await close.focus();
    // Two stops, the list and 'Cerrar', round and round either way.
    const cycle = ['in dialog: Lista de información requerida', 'in dialog: Cerrar'];
    expect(await stops('Shift+Tab', 4)).toEqual([cycle[0], cycle[1], cycle[0], cycle[1]]);
    expect(await stops('Tab', 4)).toEqual([cycle[0], cycle[1], cycle[0], cycle[1]]);

    // A dialog with one answer keeps the focus on it.
    await page.goto('/pf');
    const accept = page.getByRole('dialog', { name: 'Antes de comenzar' }).getByRole('button', { name: 'Aceptar' });
    await expect(accept).toBeFocused();
    expect(await stops('Shift+Tab', 3)).toEqual(Array(3).fill('in dialog: Aceptar'));
    expect(await stops('Tab', 3)).toEqual(Array(3).fill('in dialog: Aceptar'));
  });

  test('stays usable at 360 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Solicitud online' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    // The footer's legend wraps within the screen, its links in view once scrolled to.
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'CONDUSEF' }).scrollIntoViewIfNeeded();
    await expect(footer.getByRole('link', { name: 'Aviso de privacidad' })).toBeInViewport();
    const box = (await footer.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: 'test-results/public-shell/footer-360.png', fullPage: true });
    const trigger = page.getByRole('button', { name: 'Ver información requerida de Persona Física', exact: true });
    await trigger.click();
    // The list is longer than a phone's screen: it opens at its start, the focus on its title (focusing
    // 'Cerrar' opened it scrolled to the end), and the person scrolls it to its button.
    const dialog = page.getByRole('dialog', { name: 'Información requerida' });
    const title = dialog.getByRole('heading', { name: 'Información requerida' });
    await expect.poll(() => title.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await expect(title).toBeInViewport();
    await expect(dialog.getByText('Antes de comenzar, ten a la mano:')).toBeInViewport();
    await page.screenshot({ path: 'test-results/public-shell/information-360.png' });
    const close = dialog.getByRole('button', { name: 'Cerrar' });
    await expect(close).not.toBeInViewport();
    await close.scrollIntoViewIfNeeded();
    await expect(close).toBeInViewport();
    await expectNoHorizontalScroll(page);
    // Tabbing from the title stays in the dialog; closing gives the focus back to what opened it.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.locator('.bp6-dialog-container').evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

test.describe('the route table', () => {
  const routes: Array<[string, string]> = [
    ['/printPF', 'Impresión Persona Física'],
    ['/printPFAE', 'Impresión Persona Física con actividad empresarial'],
    ['/printPM', 'Impresión Persona Moral'],
  ];

  test('every route of the specification answers its page, with and without a uuid', async ({ page }) => {
    // Some 30 page loads in one test: more than the default 60 s when the machine is shared.
    test.slow();
    for (const [path, title] of routes) {
      // Without a uuid, and with one no record has, a print view says the client was not found.
      for (const address of [path, `${path}/0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10?params=FR-7`]) {
        await page.goto(address);
        await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
        await expect(page.getByRole('dialog', { name: 'Cliente no encontrado' })).toBeVisible();
      }
    }
    for (const [path, title] of [
      ['/pf', 'Solicitud de Persona Física'],
      ['/pfae', 'Solicitud de Persona Física con actividad empresarial'],
      ['/pm', 'Solicitud de Persona Moral'],
      ['/avalpf', 'Aval Persona Física'],
      ['/avalpfae', 'Aval Persona Física con actividad empresarial'],
      ['/avalpm', 'Aval Persona Moral'],
      ['/aval/pf', 'Aval Persona Física'],
      ['/aval/pfae', 'Aval Persona Física con actividad empresarial'],
      ['/aval/pm', 'Aval Persona Moral'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    }
    // The staff lists send anyone else to the staff sign-in, and back afterwards.
    for (const path of ['/list', '/list-cache']) {
      await page.goto(path);
      await expect(page).toHaveURL(`/staff/login?next=${encodeURIComponent(path)}`);
    }
  });

  test("outside the index an applicant gets 'Regresar al menú', and guarantor routes 'Regresar a PM'", async ({ page }) => {
    await page.goto('/pf');
    await acceptFirstUse(page);
    await expect(page.getByRole('link', { name: 'Regresar a PM' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Regresar al menú' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/avalpfae/abc');
    await expect(page.getByRole('link', { name: 'Regresar a PM' })).toHaveAttribute('href', '/pm');
    await expectAccessible(page);
  });

  test('/logout removes the stored token and goes to /, which signs in anew', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Solicitud online' })).toBeVisible();
    const before = await storedToken(page);
    const removed = page.waitForFunction((old) => localStorage.getItem('access_token') !== old, before.access);
    await page.goto('/logout');
    await removed;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Solicitud online' })).toBeVisible();
  });

  test('an authentication failure on entering a route redirects to /error and removes the token', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Solicitud online' })).toBeVisible();
    await page.route('**/api/oauth/token', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Usuario o contraseña incorrectos.' }) }),
    );
    await page.evaluate(() => localStorage.setItem('access_token', 'old'));
    await page.goto('/pm');
    await expect(page).toHaveURL(/\/error$/);
    await expect(page.getByRole('heading', { name: 'Ocurrió un error' })).toBeVisible();
    expect((await storedToken(page)).access).toBeNull();
  });
});

test.describe('error and code pages', () => {
  for (const [path, text] of [
    ['/error', 'Ocurrió un error'],
    ['/incorrectCode', 'EL CÓDIGO ES INCORRECTO, FAVOR DE ASEGURARSE QUE FUE EL ENVIADO A SU CORREO'],
    ['/expiredCode', 'LO SENTIMOS EL CÓDIGO HA EXPIRADO, POR FAVOR COMIENCE EL REGISTRO NUEVAMENTE'],
  ]) {
    test(`${path} says its text and 'Ir al inicio' returns to /`, async ({ page }) => {
      const tokenRequests: string[] = [];
      page.on('request', (request) => request.url().includes('/oauth/token') && tokenRequests.push(request.url()));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: text })).toBeVisible();
      // These pages run no authentication step.
      expect(tokenRequests).toEqual([]);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Ir al inicio' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Solicitud online' })).toBeVisible();
    });
  }
});

test("the server's own pages for an address that is not the app's: a staff page that does not exist, a malformed address", async ({ page }) => {
  for (const [path, heading, status] of [
    ['/staff/no-existe', 'La página que buscas no existe', 404],
    ['/pm/abc%zz', 'No pudimos abrir esta dirección', 400],
  ] as const) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 740 });
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `test-results/server-page-${status}-${width}.png` });
    }
    await page.getByRole('link', { name: 'Ir al inicio' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Solicitud online' })).toBeVisible();
  }
});

test('dropping a file outside an upload area shows the error notification at the top right, long enough to read', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Solicitud online' })).toBeVisible();
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['%PDF-1.4'], 'ine.pdf', { type: 'application/pdf' }));
    return transfer;
  });
  await page.dispatchEvent('h1', 'dragover', { dataTransfer });
  await page.dispatchEvent('h1', 'drop', { dataTransfer });
  const toast = page.locator('.bp6-toast').filter({ hasText: 'No se pueden subir archivos en esta zona' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Error');
  const box = await toast.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x + box!.width).toBeGreaterThan(viewport.width * 0.75);
  expect(box!.y).toBeLessThan(150);
  // An error outlasts the spec's one second of a success (issue 16), then goes by itself.
  await page.waitForTimeout(3000);
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 8000 });
});

test('the favicon is linked and served', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBe('/favicon.svg');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('image/svg+xml');
  expect(await response.text()).toContain('<svg');
});
