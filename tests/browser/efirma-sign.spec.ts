// Signing the packet with an e.firma in the browser (issue 20): from the print view, the `.cer` is
// read and shown, a wrong password is said beside the password and loses nothing, the right one
// signs; the signed PDF downloads and pdfsig finds it valid, signed by the applicant, trusted with
// the test CA and broken by a one-byte change. No request the page makes while signing carries the
// key's bytes or the password. Then every refusal in the dialog's words, two signatures in
// sequence on a PM, and the whole flow with the keyboard alone at 360 px.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Download, type Locator, type Page, type Request } from '@playwright/test';
import { EFIRMA_REFUSALS } from '../../forms/contracts/efirma';
import { EFIRMA_PROBLEMS } from '../../forms/efirma/problems';
import { efirmaCredentials } from '../support/efirma/make-credentials';
import { nssDatabaseTrusting, pdfsig, signatureBlocks } from '../support/efirma/pdfsig';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { createApplication, pageBearer } from './support/api';
import { validAvalPfModel } from '../unit/forms/fixtures';
import { beforeSubmit } from '../../forms/before-submit';
import { certificateDay } from '../../forms/efirma/certificate-validity';

const SHOTS = 'test-results/efirma';
test.beforeAll(() => void mkdirSync(SHOTS, { recursive: true }));
// Each test signs and checks with axe several times: more than the default 60 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const credentials = efirmaCredentials();
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Firmar con e.firma' });

/** Opens a print view without letting the browser's print dialog open. */
async function openPrintView(page: Page, path: string) {
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Firmar con e.firma' })).toBeVisible();
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Firmar con e.firma' }).click();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A finished PF application of the page's own session, whose applicant is the test credentials' PF. */
async function finishedPf(page: Page) {
  const authorization = await pageBearer(page);
  return createApplication(page.request, 'pf', { last_index: 2, complete: true }, {}, authorization);
}

async function chooseCertificate(dialog: Locator, file: string) {
  await dialog.getByLabel('Certificado (.cer)').setInputFiles(file);
}

async function fill(dialog: Locator, who: { cer: string; key: string }, password = credentials.password) {
  await chooseCertificate(dialog, who.cer);
  await expect(dialog.getByLabel('Datos del certificado')).toBeVisible();
  await dialog.getByLabel('Llave privada (.key)').setInputFiles(who.key);
  await dialog.getByLabel('Contraseña de la llave privada').fill(password);
}

/** Presses 'Firmar' and answers the signed PDF's download. */
async function signAndDownload(page: Page, dialog: Locator): Promise<Download> {
  const download = page.waitForEvent('download', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Firmar', exact: true }).click();
  const saved = await download;
  await expect(dialog.getByText('Documento firmado')).toBeVisible();
  return saved;
}

/** The bodies and URLs of the requests the page makes from now on. */
function recordRequests(page: Page) {
  const seen: Array<{ url: string; body: Buffer | null }> = [];
  const listener = (request: Request) => void seen.push({ url: request.url(), body: request.postDataBuffer() });
  page.on('request', listener);
  return { seen, stop: () => page.off('request', listener) };
}

test('a PF applicant signs the packet on its print view: the certificate shown, a wrong password then the right one, the signed PDF valid', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const uuid = await finishedPf(page);
  await openPrintView(page, `/printPF/${uuid}`);
  const dialog = await openDialog(page);
  await expect(dialog.getByText('Tu llave privada y tu contraseña nunca salen de tu dispositivo')).toBeVisible();
  // The certificate's button has the focus as the dialog opens.
  await expect(dialog.getByRole('button', { name: 'Elegir archivo .cer' })).toBeFocused();

  // Nothing chosen: each input says what it needs.
  await dialog.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(dialog.getByText(EFIRMA_PROBLEMS['no-certificate'])).toBeVisible();
  await expect(dialog.getByText(EFIRMA_PROBLEMS['no-key'])).toBeVisible();
  await expect(dialog.getByText(EFIRMA_PROBLEMS['no-password'])).toBeVisible();

  await chooseCertificate(dialog, credentials.pf.cer);
  const details = dialog.getByLabel('Datos del certificado');
  await expect(details).toContainText('CARLOS GARCIA RAMIREZ');
  await expect(details).toContainText(credentials.pf.rfc);
  await expect(details).toContainText(credentials.pf.curp);
  await expect(details).toContainText(credentials.pf.serial);
  await expect(details).toContainText(/Vigencia\s*del \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}/);
  await expect(dialog.getByText(EFIRMA_PROBLEMS['no-certificate'])).toBeHidden();

  const keyBytes = readFileSync(credentials.pf.key);
  const requests = recordRequests(page);
  await dialog.getByLabel('Llave privada (.key)').setInputFiles(credentials.pf.key);
  const password = dialog.getByLabel('Contraseña de la llave privada');
  await password.fill('contraseña-equivocada');
  await dialog.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(dialog.getByText(EFIRMA_PROBLEMS['wrong-password'])).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  // The focus is where the problem is, ready to type the password again.
  await expect(password).toBeFocused();
  // Nothing lost: the certificate still shown, the key still chosen, the password as typed.
  await expect(details).toContainText(credentials.pf.rfc);
  expect(await dialog.getByLabel('Llave privada (.key)').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('pf.key');
  await expect(password).toHaveValue('contraseña-equivocada');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/wrong-password-1280.png` });

  await password.fill(credentials.password);
  await expect(dialog.getByText(EFIRMA_PROBLEMS['wrong-password'])).toBeHidden();
  const download = await signAndDownload(page, dialog);
  requests.stop();
  expect(download.suggestedFilename()).toBe(`solicitud-${uuid}-firmada.pdf`);
  await expect(dialog.getByText('CARLOS GARCIA RAMIREZ (GARC850314AB1), Solicitante')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/signed-1280.png` });

  // What left the page while signing: reads of the packet and the signed PDF, nothing of the key.
  const wrongPassword = Buffer.from('contraseña-equivocada');
  const rightPassword = Buffer.from(credentials.password);
  const keyPieces = [keyBytes, Buffer.from(keyBytes.toString('base64')), Buffer.from(keyBytes.toString('hex'))];
  for (const { url, body } of requests.seen) {
    for (const secret of [wrongPassword, rightPassword, Buffer.from(encodeURIComponent('contraseña-equivocada')), Buffer.from(encodeURIComponent(credentials.password))]) {
      expect(url.includes(secret.toString()), url).toBe(false);
      expect(body?.includes(secret) ?? false, `${url} carries the password`).toBe(false);
    }
    for (const piece of keyPieces) expect(body?.includes(piece.subarray(0, 64)) ?? false, `${url} carries the key`).toBe(false);
  }
  const posts = requests.seen.filter(({ body }) => body !== null && body.length > 0);
  expect(posts.map(({ url }) => new URL(url).pathname)).toEqual([`/api/wizardpf/firma/${uuid}`]);

  // The download as a PDF reader reads it.
  const file = `${SHOTS}/firmada-pf.pdf`;
  await download.saveAs(file);
  const nss = nssDatabaseTrusting(credentials.ca.pem);
  const report = pdfsig(file, nss);
  expect(signatureBlocks(report)).toHaveLength(1);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Signer Certificate Common Name: CARLOS GARCIA RAMIREZ');
  expect(report).toContain('Certificate Validation: Certificate is Trusted.');
  expect(report).toContain('Signature Type: ETSI.CAdES.detached');
  const changed = readFileSync(file);
  changed[Math.floor(changed.length / 3)] ^= 0x01;
  writeFileSync(`${SHOTS}/firmada-pf-cambiada.pdf`, changed);
  const broken = pdfsig(`${SHOTS}/firmada-pf-cambiada.pdf`, nss);
  expect(broken).toContain('Digest Mismatch');
  expect(broken).not.toContain('Signature is Valid');

  // Closing gives the focus back to the button that opened the dialog.
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Firmar con e.firma' })).toBeFocused();
});

test('each problem is said in the dialog and loses nothing; the server refuses the same person twice', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const uuid = await finishedPf(page);
  await openPrintView(page, `/printPF/${uuid}`);
  const dialog = await openDialog(page);
  const problemOf = (label: string) => dialog.locator('.bp6-form-group').filter({ has: page.getByLabel(label) }).getByRole('alert');

  // Files that are not what they should be.
  await chooseCertificate(dialog, credentials.pf.key);
  await expect(problemOf('Certificado (.cer)')).toHaveText(EFIRMA_PROBLEMS['not-a-certificate']);
  // The certificates refused as soon as they are read, with their details shown.
  const refusedAtOnce: Array<[string, string]> = [
    [credentials.csd.cer, EFIRMA_REFUSALS.csd],
    [credentials.expired.cer, EFIRMA_REFUSALS.expired(certificateDay(credentials.expired.notAfter))],
    [credentials.notYetValid.cer, EFIRMA_REFUSALS.notYetValid(certificateDay(credentials.notYetValid.notBefore))],
    [credentials.guarantor.cer, EFIRMA_REFUSALS.wrongSigner(credentials.guarantor.rfc)],
  ];
  for (const [file, message] of refusedAtOnce) {
    await chooseCertificate(dialog, file);
    await expect(problemOf('Certificado (.cer)')).toHaveText(message);
    await expect(dialog.getByLabel('Datos del certificado')).toBeVisible();
  }
  await expect(dialog.getByText('Certificado de Sello Digital (CSD)', { exact: true })).toBeHidden();
  await chooseCertificate(dialog, credentials.csd.cer);
  await expect(dialog.getByText('Certificado de Sello Digital (CSD)', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/csd-1280.png` });
  // A certificate with a problem does not sign: 'Firmar' opens nothing.
  await dialog.getByLabel('Llave privada (.key)').setInputFiles(credentials.csd.key);
  await dialog.getByLabel('Contraseña de la llave privada').fill(credentials.password);
  await dialog.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(problemOf('Certificado (.cer)')).toHaveText(EFIRMA_REFUSALS.csd);

  // The right certificate; then keys that are not its own.
  await chooseCertificate(dialog, credentials.pf.cer);
  await expect(problemOf('Certificado (.cer)')).toHaveCount(0);
  await dialog.getByLabel('Llave privada (.key)').setInputFiles(credentials.pf.cer);
  await dialog.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(problemOf('Llave privada (.key)')).toHaveText(EFIRMA_PROBLEMS['not-a-key']);
  await dialog.getByLabel('Llave privada (.key)').setInputFiles(credentials.mismatched.key);
  await expect(problemOf('Llave privada (.key)')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Firmar', exact: true }).click();
  await expect(problemOf('Llave privada (.key)')).toHaveText(EFIRMA_PROBLEMS['key-mismatch']);
  await expectAccessible(page);

  // Signed once; a second signature by the same person is the server's refusal, in its words.
  await dialog.getByLabel('Llave privada (.key)').setInputFiles(credentials.pf.key);
  await signAndDownload(page, dialog);
  await dialog.getByRole('button', { name: 'Agregar otra firma' }).click();
  await expect(dialog.getByRole('button', { name: 'Elegir archivo .cer' })).toBeFocused();
  await expect(dialog.getByText('Ningún archivo elegido')).toHaveCount(2);
  await fill(dialog, credentials.pf);
  await dialog.getByRole('button', { name: 'Firmar', exact: true }).click();
  const refusal = dialog.getByRole('alert').filter({ hasText: 'No se guardó la firma' });
  await expect(refusal).toContainText(EFIRMA_REFUSALS.alreadySigned);
  await expect(dialog.getByLabel('Datos del certificado')).toContainText(credentials.pf.rfc);
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/server-refusal-1280.png` });
});

test("a PM's packet takes the company's e.firma and then a guarantor's, both valid in the PDF", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const authorization = await pageBearer(page);
  const pm = await createApplication(page.request, 'pm', { last_index: 2 }, {}, authorization);
  // The guarantor is the test credentials' ANA MUÑOZ PEREZ.
  const aval = validAvalPfModel();
  const model = { ...aval, nombre: 'ANA', fisica: { ...aval.fisica, apellido_paterno: 'MUÑOZ', apellido_materno: 'PÉREZ', rfc: credentials.guarantor.rfc, curp: credentials.guarantor.curp, fecha_nacimiento: '1988-07-07', sexo: 'Femenino' } };
  const created = await page.request.post('/api/wizardpf', {
    headers: { authorization },
    data: { data: beforeSubmit(model as unknown as Record<string, unknown>), meta: { last_index: 4, parent_uuid: pm, complete: true } },
  });
  expect(created.status(), await created.text()).toBe(201);

  await openPrintView(page, `/printPM/${pm}`);
  let dialog = await openDialog(page);
  await fill(dialog, credentials.pm);
  await expect(dialog.getByLabel('Datos del certificado')).toContainText('RFC del representante legal');
  await signAndDownload(page, dialog);
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();

  // Opened again, the dialog is ready for the next signer.
  dialog = await openDialog(page);
  await expect(dialog.getByLabel('Datos del certificado')).toHaveCount(0);
  await fill(dialog, credentials.guarantor);
  const download = await signAndDownload(page, dialog);
  await expect(dialog.getByText('ANA MUÑOZ PEREZ (MUPA880707QR5), Aval')).toBeVisible();
  await expect(dialog.getByText('INDUSTRIAS DEL OCCIDENTE SA DE CV (IOC100512AB3), Solicitante')).toBeVisible();
  const file = `${SHOTS}/firmada-pm.pdf`;
  await download.saveAs(file);
  const report = pdfsig(file, nssDatabaseTrusting(credentials.ca.pem));
  const blocks = signatureBlocks(report);
  expect(blocks).toHaveLength(2);
  for (const block of blocks) {
    expect(block).toContain('Signature Validation: Signature is Valid.');
    expect(block).toContain('Certificate Validation: Certificate is Trusted.');
  }
  expect(blocks[0]).toContain('INDUSTRIAS DEL OCCIDENTE SA DE CV');
  expect(blocks[1]).toContain('ANA MUÑOZ PEREZ');
});

test('with the keyboard alone at 360 px: the dialog opens, takes both files and the password, signs and gives the focus back', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const uuid = await finishedPf(page);
  await openPrintView(page, `/printPF/${uuid}`);
  await expectNoHorizontalScroll(page);
  const opener = page.getByRole('button', { name: 'Firmar con e.firma' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Elegir archivo .cer' })).toBeFocused();

  // A file input opens the file chooser with Space, as a person's keyboard does.
  const choose = async (file: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles(file);
  };
  await choose(credentials.pf.cer);
  await expect(dialog.getByLabel('Datos del certificado')).toContainText(credentials.pf.rfc);
  // Read, the certificate keeps the focus where the person left it.
  await expect(dialog.getByRole('button', { name: 'Elegir archivo .cer' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Elegir archivo .key' })).toBeFocused();
  await choose(credentials.pf.key);
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Contraseña de la llave privada')).toBeFocused();
  await page.keyboard.type(credentials.password);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: `${SHOTS}/filled-360.png` });
  const download = page.waitForEvent('download', { timeout: 20_000 });
  await page.keyboard.press('Enter');
  await download;
  await expect(dialog.getByText('Documento firmado')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/signed-360.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the dialog's code not fetched is said, the page stays, and the next press fetches it again", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const uuid = await finishedPf(page);
  await openPrintView(page, `/printPF/${uuid}`);
  await page.route(/\/assets\/efirma-sign-dialog-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Firmar con e.firma' }).click();
  const notLoaded = page.getByRole('dialog', { name: 'Firmar con e.firma' });
  await expect(notLoaded).toContainText(EFIRMA_PROBLEMS['not-loaded']);
  await expectAccessible(page);
  await notLoaded.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('heading', { name: 'Impresión Persona Física' })).toBeVisible();
  await page.unroute(/\/assets\/efirma-sign-dialog-[^/]+\.js$/);
  const dialog = await openDialog(page);
  await expect(dialog.getByRole('button', { name: 'Elegir archivo .cer' })).toBeVisible();
});
