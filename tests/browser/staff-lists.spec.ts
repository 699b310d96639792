// Staff open the unfinished registrations and the applicants, edit a record from each, and read
// a record's change history. The lists are paged and sorted on the server: search, filters, sort
// and page live in the URL, and work by keyboard alone; 360 px wide every row is a card.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { createApplication, staffBearer } from './support/api';
import { validPfModel } from '../unit/forms/fixtures';

async function signIn(page: Page, next: string) {
  await page.goto(`/staff/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

test('unfinished registrations list opens the wizard of each record by its type', async ({ page, request }) => {
  const pf = await createApplication(request, 'pf', { last_index: 2 }, { nombre: 'LISTADO' });
  const pfae = await createApplication(request, 'pfae');
  await signIn(page, '/list-cache');
  await expect(page.getByRole('heading', { level: 1, name: 'Registros sin terminar' })).toBeVisible();
  for (const header of ['#', 'UUID', 'Tipo persona']) await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(pfae) })).toContainText('Física con actividad empresarial');
  await expectAccessible(page);

  await page.getByRole('link', { name: `Editar ${pf}` }).click();
  await expect(page).toHaveURL(`/pf/${pf}`);
  // Staff see the record as stored, at its furthest tab, with the staff's last tab.
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: /Validaciones PLD/ })).toBeVisible();
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('LISTADO');

  await page.goBack();
  await page.goto('/list-cache');
  await page.getByRole('link', { name: `Editar ${pfae}` }).click();
  await expect(page).toHaveURL(`/pfae/${pfae}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud de Persona Física con actividad empresarial' })).toBeVisible();
});

test('applicants list opens a row of every person type on double click and with Enter', async ({ page, request }) => {
  test.slow(); // eight pages opened one after another
  const uuid = await createApplication(request, 'pf', { last_index: 5, complete: true }, { nombre: 'TERMINADO' });
  const pm = await createApplication(request, 'pm', { last_index: 4, complete: true }, { nombre: 'EMPRESA ABIERTA SA DE CV' });
  await signIn(page, '/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitantes' })).toBeVisible();
  for (const header of ['Folio', 'Nombre', 'RFC', 'Tipo persona', 'Correo electrónico', 'Franquicia', 'Creada', 'Última modificación', 'Edición', 'UUID']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const row = page.getByRole('row', { name: new RegExp(uuid) });
  await expect(row).toContainText('TERMINADO GARCÍA RAMÍREZ');
  await expect(row).toContainText('GARC850314AB1');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expectAccessible(page);
  await row.dblclick();
  await expect(page).toHaveURL(`/pf/${uuid}`);
  // A finished record opens at its last tab, with every tab active.
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('TERMINADO');

  await page.goto('/list');
  await page.getByRole('row', { name: new RegExp(uuid) }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/pf/${uuid}`);

  // A Moral row opens its wizard too: by double click, by Enter, and by its 'Abrir' button.
  await page.goto('/list');
  await page.getByRole('row', { name: new RegExp(pm) }).dblclick();
  await expect(page).toHaveURL(`/pm/${pm}`);
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByLabel('Razón social')).toHaveValue('EMPRESA ABIERTA SA DE CV');
  await page.goto('/list');
  await page.getByRole('row', { name: new RegExp(pm) }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/pm/${pm}`);
  await page.goto('/list');
  await page.getByRole('link', { name: `Abrir ${pm}` }).click();
  await expect(page).toHaveURL(`/pm/${pm}`);
  await page.goto('/list');
  await page.getByRole('link', { name: `Historial ${pm}` }).click();
  await expect(page).toHaveURL(`/historial/${pm}`);
  await expect(page.getByText('EMPRESA ABIERTA SA DE CV · Persona Moral')).toBeVisible();
});

test('the change history reads as the forms: Spanish labels, shown values, who by name and when, the creation in one line', async ({ page, request, baseURL }) => {
  const uuid = await createApplication(request, 'pf');
  // Another client with the same RFC, so a staff save records the duplicate count whatever ran before.
  await createApplication(request, 'pf');
  // Staff change the name and the home's value.
  const staff = await staffBearer(request, baseURL!);
  const opened = await (await request.get(`/api/wizardpf/${uuid}/0`, { headers: { authorization: staff } })).json();
  const changed = { ...opened.data, nombre: 'CARLA', vivienda: { ...opened.data.vivienda, vivienda_valor_aproximado: 3100000 } };
  const saved = await request.put(`/api/wizardpf/${uuid}`, { headers: { authorization: staff }, data: { data: changed, meta: { last_index: 2, version: opened.meta.version } } });
  expect(saved.status()).toBe(200);

  await signIn(page, `/historial/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de cambios del cliente' })).toBeVisible();
  await expect(page.getByText('CARLA GARCÍA RAMÍREZ', { exact: true })).toBeVisible();
  const [creation, update] = [page.getByRole('article').first(), page.getByRole('article').nth(1)];
  await expect(creation.getByRole('heading', { level: 2 })).toHaveText(/^Creación · \d{1,2} de [a-z]+ de \d{4}, \d{2}:\d{2} · Solicitante$/);
  await expect(creation.getByText(/^Solicitud creada por Solicitante con \d+ campos$/)).toBeVisible();
  // The creation's fields stay folded until asked for.
  await expect(creation.getByRole('row', { name: /CURP/ })).toBeHidden();
  await creation.getByText('Ver los campos capturados').click();
  await expect(creation.getByRole('row', { name: /CURP/ })).toContainText('GARC850314HJCRRL09');
  await expect(creation.getByRole('row', { name: /Fecha de nacimiento/ })).toContainText('14/03/1985');
  await expect(creation.getByRole('row', { name: /País de nacimiento/ })).toContainText('México');

  await expect(update.getByRole('heading', { level: 2 })).toHaveText(/^Actualización · .+ · María González Ruiz$/);
  await expect(update.getByRole('row', { name: /Valor aproximado/ })).toContainText('$2,500,000.00');
  await expect(update.getByRole('row', { name: /Valor aproximado/ })).toContainText('$3,100,000.00');
  await expect(update.getByRole('row', { name: /Nombre\(s\)/ })).toContainText('CARLOSCARLA');
  // Only the fields that changed, never a model path or JSON.
  await expect(update.getByRole('row', { name: /Clientes con el mismo RFC/ })).toBeVisible();
  await expect(update.getByRole('row')).toHaveCount(4); // the header, the two fields, the duplicate count
  await expect(page.locator('main')).not.toContainText(/fisica\.|vivienda\.|[{}]|\btrue\b|\bfalse\b/);
  await expectAccessible(page);

  // 360 px wide: each field a card of label and value.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(update.getByRole('row', { name: /Valor aproximado/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/history-360.png', fullPage: true });
});

test('applicants: sort by a column, search by RFC and by uuid, filter by type, page forward', async ({ page, request }) => {
  test.slow(); // 26 records made through the API first
  const made: string[] = [];
  for (let i = 0; i < 26; i++) made.push(await createApplication(request, i % 2 ? 'pf' : 'pm', { last_index: 5, complete: true }, { nombre: `ORDENABLE ${String.fromCharCode(65 + i)}` }));
  await signIn(page, '/list?q=ordenable');
  await expect(page.getByText('26 registros')).toBeVisible();

  // The header sorts: Nombre A to Z, then Z to A.
  const nombre = page.getByRole('columnheader', { name: 'Nombre' });
  await expect(nombre).toHaveAttribute('aria-sort', 'none');
  await nombre.getByRole('link').click();
  await expect(page).toHaveURL(/sort=nombre&order=asc/);
  await expect(nombre).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('row').nth(1)).toContainText('ORDENABLE A');
  await expectAccessible(page);
  await nombre.getByRole('link').click();
  await expect(nombre).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('row').nth(1)).toContainText('ORDENABLE Z');

  // Forward a page, in the same order.
  await page.getByRole('link', { name: 'Siguiente' }).click();
  await expect(page.getByText('Página 2 de 2')).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('ORDENABLE A');
  await expect(page.getByRole('row')).toHaveCount(2);

  // Filter by person type: Moral only (13 of them), back at page 1.
  await page.getByLabel('Tipo de persona').selectOption('Moral');
  await expect(page).toHaveURL(/tipo=pm/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByText('13 registros')).toBeVisible();

  // Search by a uuid, and by an RFC (the PM fixture's).
  await page.getByLabel('Buscar', { exact: true }).fill(made[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 registro', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(made[0]!) })).toBeVisible();
  await page.getByLabel('Buscar', { exact: true }).fill('ioc100512ab3');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(made[0]!) })).toContainText('IOC100512AB3');

  // The sort also from the toolbar, as at 360 px where the headers are hidden.
  await page.goto('/list?q=ordenable');
  await page.getByLabel('Ordenar por').selectOption('Folio');
  await expect(page).toHaveURL(/sort=folio$/); // newest first, the default direction
  await expect(page.getByLabel('Orden', { exact: true })).toHaveValue('desc');
  await expect(page.getByRole('row').nth(1)).toContainText(made[25]!);

  // 360 px: cards with their buttons visible, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  const card = page.getByRole('row', { name: new RegExp(made[25]!) });
  await expect(card.getByRole('link', { name: `Abrir ${made[25]}` })).toBeVisible();
  await expect(card.getByRole('link', { name: `Historial ${made[25]}` })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/applicants-360.png', fullPage: true });
  await page.goto('/list-cache');
  await expect(page.getByRole('heading', { level: 1, name: 'Registros sin terminar' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/unfinished-360.png', fullPage: true });
});

test('unfinished registrations: search, filter, page through and go back, by keyboard only', async ({ page, request }) => {
  test.slow(); // 27 records made through the API first
  // 27 records share a surname no other test uses; one of them is a PFAE.
  const uuids: string[] = [];
  for (let i = 0; i < 27; i++) {
    uuids.push(await createApplication(request, i === 0 ? 'pfae' : 'pf', { last_index: 1 }, { nombre: `PAGINADA ${i}`, fisica: fisicaWith('ZUÑIGA') }));
  }
  await signIn(page, '/list-cache');
  await expect(page.getByRole('heading', { level: 1, name: 'Registros sin terminar' })).toBeVisible();

  // Search, typed and sent with Enter: accents and case do not matter.
  await page.getByLabel('Buscar', { exact: true }).focus();
  await page.keyboard.type('paginada zuniga');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/list-cache\?q=paginada\+zuniga$/);
  await expect(page.getByText('27 registros')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(26); // the header and 25 rows
  await expect(page.getByRole('row', { name: new RegExp(uuids[26]!) })).toBeVisible(); // newest first
  await expectAccessible(page);

  // To the next page with the keyboard: Tab reaches 'Siguiente', Enter follows it.
  const next = page.getByRole('link', { name: 'Siguiente' });
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Página 2 de 2')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('row', { name: new RegExp(uuids[0]!) })).toBeVisible();
  // On the last page 'Siguiente' is disabled (out of the Tab order): the focus passes to 'Anterior', with its ring.
  const previous = page.getByRole('link', { name: 'Anterior' });
  await expect(previous).toBeFocused();
  await expect(previous).toHaveCSS('outline-style', 'solid');

  // Back shows page 1 again, and the search it was made with.
  await page.goBack();
  await expect(page.getByText('Página 1 de 2')).toBeVisible();
  await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue('paginada zuniga');
  await page.goForward();
  await expect(page.getByText('Página 2 de 2')).toBeVisible();

  // 360 px wide, both ways: 'Anterior' to the first page leaves the focus on 'Siguiente', and back.
  await page.setViewportSize({ width: 360, height: 800 });
  await tabTo(page, previous);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Página 1 de 2')).toBeVisible();
  await expect(next).toBeFocused();
  await expect(next).toHaveCSS('outline-style', 'solid');
  await expect(next).toBeInViewport(); // not left below the 25 cards of the page it led to
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pager-first-page-360.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Página 2 de 2')).toBeVisible();
  await expect(previous).toBeFocused();
  await expect(previous).toHaveCSS('outline-style', 'solid');
  await expect(previous).toBeInViewport();
  await page.screenshot({ path: 'test-results/pager-last-page-360.png' });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A filter chosen from the keyboard starts again at page 1.
  await tabTo(page, page.getByLabel('Tipo de persona'));
  await page.keyboard.press('ArrowDown'); // Todos → Física
  await expect(page).toHaveURL(/tipo=pf(&|$)/);
  await expect(page.getByText('26 registros')).toBeVisible();
  await page.keyboard.press('ArrowDown'); // → Física con actividad empresarial
  await expect(page).toHaveURL(/tipo=pfae/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByText('1 registro', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(uuids[0]!) })).toContainText('Física con actividad empresarial');

  // Oldest first.
  await page.goto('/list-cache?q=paginada+zuniga&order=asc&page_size=50');
  await expect(page.getByLabel('Orden', { exact: true })).toHaveValue('asc');
  await expect(page.getByRole('row').nth(1)).toContainText(uuids[0]!);
  await expect(page.getByRole('row')).toHaveCount(28);

  // A link past the last page (the list shrank since) shows the last page.
  await page.goto('/list-cache?q=paginada+zuniga&page=9');
  await expect(page).toHaveURL(/page=2$/);
  await expect(page.getByText('Página 2 de 2')).toBeVisible();

  // Nothing found: the empty row, and a way back to the whole list.
  await page.goto('/list-cache?q=nadie+se+llama+asi&estado=expirada');
  await expect(page.getByText('0 registros')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'No se encontraron coincidencias' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Quitar filtros' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/list-cache$/);
  await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue('');
  // The button goes with the filters; the focus stays in the toolbar, on the search box.
  await expect(page.getByRole('link', { name: 'Quitar filtros' })).toHaveCount(0);
  await expect(page.getByLabel('Buscar', { exact: true })).toBeFocused();
});

test('applicants: search and filter, usable 360 px wide', async ({ page, request }) => {
  const pm = await createApplication(request, 'pm', { last_index: 5, complete: true }, { nombre: 'INDUSTRIAS FILTRADAS' });
  const pf = await createApplication(request, 'pf', { last_index: 5, complete: true }, { nombre: 'ÁNGELA', fisica: fisicaWith('FILTRADA') });
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, '/list?q=filtradas');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitantes' })).toBeVisible();
  await expect(page.getByText('1 registro', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(pm) })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  await page.getByLabel('Buscar', { exact: true }).fill('angela filtrada');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('row', { name: new RegExp(pf) })).toContainText('ÁNGELA FILTRADA');
  await page.getByLabel('Tipo de persona').selectOption('Moral');
  await expect(page).toHaveURL(/tipo=pm/);
  await expect(page.getByRole('cell', { name: 'No se encontraron coincidencias' })).toBeVisible();
  await page.getByLabel('Edición').selectOption('Con solicitud aprobada');
  await expect(page).toHaveURL(/editable=none/);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  // The URL is the list: opened afresh, it shows the same choices.
  await page.reload();
  await expect(page.getByLabel('Tipo de persona')).toHaveValue('pm');
  await expect(page.getByLabel('Edición')).toHaveValue('none');
  await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue('angela filtrada');

  // 'Quitar filtros' by keyboard: the search and filters go, and the button with them; the focus stays in
  // the toolbar, on the emptied search box, so the next Tab goes on from there.
  await tabTo(page, page.getByRole('link', { name: 'Quitar filtros' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/list$/);
  const search = page.getByLabel('Buscar', { exact: true });
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Quitar filtros' })).toHaveCount(0);
  await expect(page.getByLabel('Tipo de persona')).toHaveValue('');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/filters-cleared-360.png' });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Buscar' })).toBeFocused();
});

/** The fixture's natural-person data with another first surname (the RFC rules read only the birth date). */
const fisicaWith = (apellido_paterno: string) => ({ ...validPfModel().fisica, apellido_paterno });

/** Presses Tab until the element has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>) {
  for (let i = 0; i < 120; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with Tab');
}
