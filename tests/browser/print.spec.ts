// The print views (spec 02 §2): each packet opens, lays out and calls the browser's print 1 s
// later; the printed DOM holds every form in order on pages of its own; 'Descargar PDF' saves the
// same packet as a PDF with real text. 'Cliente no encontrado' without a uuid, for an unknown one,
// an empty record and a record this session may not print; staff print a PM without guarantors.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { pdfText } from '../support/pdf-text';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { validPmModel } from '../unit/forms/fixtures';
import { createApplication, createGuarantorOfType, pageBearer, staffBearer } from './support/api';

const SHOTS = 'test-results/print';
// Playwright empties test-results when the run starts: the folder is made once the tests begin.
test.beforeAll(() => void mkdirSync(SHOTS, { recursive: true }));
const AUTHORISATIONS = ['PRO-FT-006', 'PRO-FT-006'];
const JUNK = /undefined|null|NaN|\[object Object\]/;

/** Replaces window.print with a recorder of its calls, and notes when the packet reached the page. */
async function recordPrints(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    const log = { calls: [] as number[], packetAt: null as number | null };
    (window as unknown as { printLog: typeof log }).printLog = log;
    window.print = () => void log.calls.push(performance.now());
    new MutationObserver(() => {
      if (log.packetAt === null && document.querySelector('.print-packet')) log.packetAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
}

const printLog = (page: Page) => page.evaluate(() => (window as unknown as { printLog: { calls: number[]; packetAt: number | null } }).printLog);

/** Waits for the print call and checks it came at least 1 s after the packet was on the page, and once. */
async function expectPrintedAfterDelay(page: Page) {
  await expect.poll(async () => (await printLog(page)).calls.length, { timeout: 10_000 }).toBe(1);
  const log = await printLog(page);
  expect(log.packetAt).not.toBeNull();
  expect(log.calls[0]! - log.packetAt!).toBeGreaterThanOrEqual(1000);
  return log;
}

const formCodes = (page: Page) => page.locator('.print-form').evaluateAll((forms) => forms.map((form) => form.getAttribute('data-code')));

/** What the print shows: the media emulated as print, the toolbar gone, each form after a page break. */
async function expectPrintedPages(page: Page) {
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.print-toolbar').first()).toBeHidden();
  const chrome = await page.locator('.app-frame > :not(main)').evaluateAll((parts) => parts.map((part) => getComputedStyle(part).display));
  expect(chrome.every((display) => display === 'none')).toBe(true);
  const breaks = await page.locator('.print-form').evaluateAll((forms) => forms.map((form) => getComputedStyle(form).breakBefore));
  expect(breaks[0]).not.toBe('page');
  expect(breaks.slice(1).every((value) => value === 'page')).toBe(true);
  const rows = await page.locator('.print-table tr, .print-field').evaluateAll((items) => items.map((item) => getComputedStyle(item).breakInside));
  expect(rows.every((value) => value === 'avoid')).toBe(true);
  const text = await page.locator('.print-packet').innerText();
  expect(text).not.toMatch(JUNK);
  await page.emulateMedia({ media: 'screen' });
  return text;
}

/** Downloads the packet's PDF through 'Descargar PDF' and answers its text; a PNG of its first page is kept. */
async function downloadPdf(page: Page, name: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  const file = await (await download).path();
  const bytes = readFileSync(file);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', file, `${SHOTS}/${name}-pdf-page-1`]);
  return pdfText(bytes);
}

/** The code of each PDF page's footer, pages in order (beside 'Página n de N', on either side as the text is extracted). */
const pdfPageCodes = (pages: string[]) =>
  pages.map((text) => {
    const footer = /([A-Z]{2,3}-[A-Z]{2,3}-\d{3})\s*Página \d+ de \d+|Página \d+ de \d+\s*([A-Z]{2,3}-[A-Z]{2,3}-\d{3})/.exec(text);
    return footer?.[1] ?? footer?.[2] ?? '?';
  });
const runsOf = (codes: string[]) => codes.filter((code, i) => i === 0 || codes[i - 1] !== code);

/** The browser's own print of the view (letter, the view's page rules) as a PDF kept under `name`, and its text. */
async function browserPrint(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  const bytes = await page.pdf({ preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });
  writeFileSync(`${SHOTS}/${name}-browser-print.pdf`, bytes);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', `${SHOTS}/${name}-browser-print.pdf`, `${SHOTS}/${name}-browser-print-page-1`]);
  return pdfText(bytes);
}

/**
 * No page holds only the end of a form (a signature, a table's last rows): each carries a body of
 * text; and each credit-bureau authorisation is one page.
 */
function expectWholePages(pages: string[]) {
  for (const [index, text] of pages.entries()) expect(text.split('\n').filter((line) => line.trim() !== '').length, `page ${index + 1}: ${text}`).toBeGreaterThanOrEqual(12);
  expect(pdfPageCodes(pages).filter((code) => code === 'PRO-FT-006')).toHaveLength(AUTHORISATIONS.length);
}

/** A screenshot of the first page of each different form (by code and title), as printed: a letter page is 816 × 1056 px. */
async function shootForms(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.emulateMedia({ media: 'print' });
  const forms = page.locator('.print-form');
  const seen = new Set<string>();
  for (let i = 0; i < (await forms.count()); i++) {
    const form = forms.nth(i);
    const kind = `${await form.getAttribute('data-code')} ${await form.locator('h2').innerText()} ${await form.locator('.print-company').innerText()}`;
    if (seen.has(kind)) continue;
    seen.add(kind);
    await form.evaluate((element) => element.scrollIntoView());
    const box = (await form.boundingBox())!;
    await page.screenshot({ path: `${SHOTS}/${name}-form-${i + 1}.png`, clip: { x: box.x, y: Math.max(0, box.y), width: box.width, height: Math.min(box.height, 1056) } });
  }
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(viewport);
}

test('a PF packet prints 1 s after its layout, in the order of spec 02 §2, and downloads as the same PDF', async ({ page, request }) => {
  test.setTimeout(60_000);
  await recordPrints(page);
  const uuid = await createApplication(request, 'pf', { last_index: 5, complete: true }, {}, await pageBearer(page));
  await page.goto(`/printPF/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Impresión Persona Física' })).toBeVisible();
  await expectPrintedAfterDelay(page);
  expect(await formCodes(page)).toEqual(['FO-PRO-014', ...AUTHORISATIONS, 'FO-PRO-008', 'FO-DIC-012']);
  await expect(page.getByRole('heading', { level: 2, name: 'Solicitud de financiamiento' })).toBeVisible();
  const text = await expectPrintedPages(page);
  for (const shown of ['CARLOS', 'GARC850314AB1', 'Av. Juárez 100', 'Centro', 'Guadalajara', 'Jalisco', '$2,500,000.00', '14/03/1985', 'Comercio al por menor']) expect(text).toContain(shown);
  await expectAccessible(page);
  await shootForms(page, 'pf');

  // The browser's own print of the view: letter pages, each with its form's code and its number.
  const printed = await browserPrint(page, 'pf');
  expect(runsOf(pdfPageCodes(printed.pages))).toEqual(['FO-PRO-014', 'PRO-FT-006', 'FO-PRO-008', 'FO-DIC-012']);
  printed.pages.forEach((text, i) => expect(text).toContain(`Página ${i + 1} de ${printed.pages.length}`));
  expectWholePages(printed.pages);

  const pdf = await downloadPdf(page, 'pf');
  expect(runsOf(pdfPageCodes(pdf.pages))).toEqual(['FO-PRO-014', 'PRO-FT-006', 'FO-PRO-008', 'FO-DIC-012']);
  expectWholePages(pdf.pages);
  for (const shown of ['CARLOS GARCÍA RAMÍREZ', 'GARC850314AB1', 'Av. Juárez 100', 'Guadalajara, Jalisco, México']) expect(pdf.all).toContain(shown);
  expect(pdf.all).not.toMatch(JUNK);
  expect(pdf.pages.length).toBeGreaterThanOrEqual(5);

  // 'Imprimir' prints again, by keyboard.
  await page.getByRole('button', { name: 'Imprimir', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await printLog(page)).calls.length).toBe(2);
});

test('a PFAE packet: its form FO-PRO-015 and the PF bureau request', async ({ page, request }) => {
  await recordPrints(page);
  const uuid = await createApplication(request, 'pfae', { last_index: 5 }, {}, await pageBearer(page));
  await page.goto(`/printPFAE/${uuid}`);
  await expectPrintedAfterDelay(page);
  expect(await formCodes(page)).toEqual(['FO-PRO-015', ...AUTHORISATIONS, 'FO-PRO-008', 'FO-DIC-012']);
  expect(await expectPrintedPages(page)).toContain('Av. Vallarta 1');
  await expectAccessible(page);
  await shootForms(page, 'pfae');
  const printed = await browserPrint(page, 'pfae');
  expect(runsOf(pdfPageCodes(printed.pages))).toEqual(['FO-PRO-015', 'PRO-FT-006', 'FO-PRO-008', 'FO-DIC-012']);
  expectWholePages(printed.pages);
  const pdf = await downloadPdf(page, 'pfae');
  expect(runsOf(pdfPageCodes(pdf.pages))).toEqual(['FO-PRO-015', 'PRO-FT-006', 'FO-PRO-008', 'FO-DIC-012']);
  expectWholePages(pdf.pages);
});

test('a PM packet with a guarantor of each type (PF, PFAE, PM); staff print it without guarantors', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  await recordPrints(page);
  const bearer = await pageBearer(page);
  // A long e-mail in the contacts table, as people have them.
  const payer = { ...validPmModel().contacto_pago, nombre: 'LUCÍA HERNÁNDEZ SOTO', email: 'lucia.hernandez.tesoreria@transportesruiz.com.mx' };
  const pm = await createApplication(request, 'pm', { last_index: 4 }, { contacto_pago: payer }, bearer);
  await createGuarantorOfType(request, pm, 'pf', 'LUCÍA', { authorization: bearer, complete: true });
  await createGuarantorOfType(request, pm, 'pfae', 'RAMÓN', { authorization: bearer, complete: true });
  await createGuarantorOfType(request, pm, 'pm', 'AVALES DEL BAJÍO SA DE CV', { authorization: bearer, complete: true });
  await page.goto(`/printPM/${pm}`);
  await expectPrintedAfterDelay(page);
  const people = 4;
  const codes = ['FO-PRO-016', 'FO-PRO-014', 'FO-PRO-015', 'FO-PRO-016', ...Array<string[]>(people).fill(AUTHORISATIONS).flat(), 'FO-PRO-010', ...Array<string>(people).fill('FO-DIC-012')];
  expect(await formCodes(page)).toEqual(codes);
  await expect(page.getByRole('heading', { level: 2, name: 'Solicitud de financiamiento — Aval (obligado solidario)' })).toHaveCount(3);
  const text = await expectPrintedPages(page);
  for (const shown of ['INDUSTRIAS DEL OCCIDENTE SA DE CV', 'IOC100512AB3', 'LUCÍA', 'RAMÓN', 'Av. Vallarta 1', 'AVALES DEL BAJÍO SA DE CV', 'Parque Industrial']) expect(text).toContain(shown);
  await expectAccessible(page);
  // On paper, no RFC or phone number in a table breaks across lines (their columns are as wide as they are).
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 816, height: 1056 }); // letter's width at 96 dpi
  const whole = await page.locator('.print-table td').evaluateAll((cells) =>
    cells
      .filter((cell) => /^([A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}|[\d-]{10,12})$/.test(cell.textContent ?? ''))
      .map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return { text: cell.textContent, lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size };
      }),
  );
  expect(whole.length).toBeGreaterThan(3);
  expect(whole.filter((cell) => cell.lines !== 1)).toEqual([]);
  await page.getByRole('columnheader', { name: 'Correo electrónico' }).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/pm-tables-print.png` });
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await shootForms(page, 'pm');
  const pdf = await downloadPdf(page, 'pm');
  expect(runsOf(pdfPageCodes(pdf.pages))).toEqual(runsOf(codes));
  for (const shown of ['INDUSTRIAS DEL OCCIDENTE SA DE CV', 'LUCÍA GARCÍA RAMÍREZ', 'RAMÓN GARCÍA RAMÍREZ', 'AVALES DEL BAJÍO SA DE CV']) expect(pdf.all).toContain(shown);
  expect(pdf.all).not.toMatch(JUNK);

  // At 360 px the view stays within the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS}/pm-360.png` });

  // Staff: the PM alone.
  const staff = await staffBearer(page.request, baseURL!);
  const staffPrint = await page.request.get(`/api/wizardpm/print/cliente/${pm}`, { headers: { authorization: staff } });
  expect((await staffPrint.json()).packet.forms.map((form: { header: { code: string } }) => form.header.code)).toEqual(['FO-PRO-016', ...AUTHORISATIONS, 'FO-PRO-010', 'FO-DIC-012']);
});

test("a staff session's print view of a PM shows it without its guarantors", async ({ page, request }) => {
  await recordPrints(page);
  const pm = await createApplication(request, 'pm', { last_index: 4 });
  await createGuarantorOfType(request, pm, 'pf', 'LUCÍA');
  await page.goto(`/staff/login?next=${encodeURIComponent(`/printPM/${pm}`)}`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expectPrintedAfterDelay(page);
  expect(await formCodes(page)).toEqual(['FO-PRO-016', ...AUTHORISATIONS, 'FO-PRO-010', 'FO-DIC-012']);
  await expect(page.locator('.print-packet')).not.toContainText('LUCÍA');
  await expectAccessible(page);
});

test.describe("'Cliente no encontrado'", () => {
  const expectNotFound = async (page: Page, text = 'No se encontró el cliente: asegúrate de que el código sea correcto.') => {
    const dialog = page.getByRole('dialog', { name: 'Cliente no encontrado' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(text);
    await expectAccessible(page);
    // Closed by keyboard: the words stay on the page, and nothing printed.
    await dialog.getByRole('button', { name: 'Cerrar' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Cliente no encontrado')).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    expect((await printLog(page)).calls).toEqual([]);
  };

  test('without a uuid, for an unknown one and for an empty record', async ({ page }) => {
    await recordPrints(page);
    await page.goto('/printPF');
    await expectNotFound(page);
    await page.goto('/printPM/0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10');
    await expectNotFound(page);
    await page.route('**/api/wizardpfae/print/cliente/*', (route) => route.fulfill({ json: { data: { data: {} }, packet: { title: '', forms: [] } } }));
    await page.goto('/printPFAE/0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e11');
    await expectNotFound(page);
  });

  test("for a record this public session may not print (403: staff registered it)", async ({ page, request, baseURL }) => {
    await recordPrints(page);
    const uuid = await createApplication(request, 'pf', { last_index: 5 }, {}, await staffBearer(request, baseURL!));
    const refused = page.waitForResponse((response) => response.url().includes(`/print/cliente/${uuid}`));
    await page.goto(`/printPF/${uuid}`);
    expect((await refused).status()).toBe(403);
    // The server's reason, under the spec's title.
    await expectNotFound(page, 'Esta solicitud fue registrada por el personal de la empresa: pide a tu asesor los documentos para firmar.');
  });
});

test("'Imprimir solicitud' of 'Leyenda de veracidad' opens the packet in a new window that prints after 1 s", async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 5 }, {}, await pageBearer(page));
  await page.goto(`/pf/${uuid}`);
  await page.getByRole('button', { name: /Leyenda de veracidad/ }).click();
  await recordPrints(page.context());
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Imprimir solicitud' }).click();
  const printWindow = await popup;
  await expect(printWindow).toHaveURL(new RegExp(`/printPF/${uuid}$`));
  await expectPrintedAfterDelay(printWindow);
  expect(await formCodes(printWindow)).toEqual(['FO-PRO-014', ...AUTHORISATIONS, 'FO-PRO-008', 'FO-DIC-012']);
});
