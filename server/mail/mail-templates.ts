// The outbox's messages in Spanish, each as HTML and as plain text: the resume link after the first
// save, its reminder before the link expires, and the finished application's print link. Every
// value is escaped in the HTML; links are built from PUBLIC_BASE_URL, never from a request.
import { printPath, wizardPath, type ApplicantWizard, type StoredWizard } from '../../forms/app-paths';
import { escapeHtml } from '../html-escape';

export interface MailCompany {
  name: string;
  razonSocial: string;
}

/** What a message says of its application. */
export interface ApplicationFacts {
  uuid: string;
  wizard: StoredWizard;
  /** The franchise's `params`, kept in the link. */
  franchise: string | null;
  name: string;
  /** The last day the link opens the application. */
  validUntil: Date;
  /** A PM's guarantors, by name, for the finished message. */
  guarantors?: string[];
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const LONG_DATE = new Intl.DateTimeFormat('es-MX', { timeZone: 'America/Mexico_City', day: 'numeric', month: 'long', year: 'numeric' });
/** '23 de diciembre de 2026', the day in Mexico City whatever the server's time zone. */
export const longDate = (date: Date) => LONG_DATE.format(date);

const publicUrl = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** The link that opens the application where it was left: '/pf/{uuid}?params=F9' on the public address. */
export function resumeLink(base: string, { wizard, uuid, franchise }: Pick<ApplicationFacts, 'wizard' | 'uuid' | 'franchise'>): string {
  const query = franchise ? `?params=${encodeURIComponent(franchise)}` : '';
  return publicUrl(base, wizardPath(wizard, uuid) + query);
}

/** The print view of the finished application (spec 02 §2): '/printPF/{uuid}'. */
export function printLink(base: string, { wizard, uuid }: Pick<ApplicationFacts, 'wizard' | 'uuid'>): string {
  return publicUrl(base, printPath(wizard.replace(/^aval/, '') as ApplicantWizard, uuid));
}

/** What to have at hand for the steps still ahead, by wizard. */
const NEXT_STEPS: Record<'natural' | 'business' | 'company', string[]> = {
  natural: [
    'Tu identificación oficial vigente (INE o pasaporte).',
    'Tu Constancia de situación fiscal.',
    'Un comprobante de domicilio reciente.',
    'Los datos de tu empleo, tus ingresos y tus referencias personales.',
  ],
  business: [
    'Tu identificación oficial vigente (INE o pasaporte).',
    'Tu Constancia de situación fiscal con tu actividad empresarial.',
    'Un comprobante de domicilio reciente.',
    'Los datos de tu negocio, tus activos y pasivos y tus referencias.',
  ],
  company: [
    'La Constancia de situación fiscal de la empresa.',
    'La identificación oficial de sus representantes legales.',
    'Los datos de sus accionistas mayoritarios y de sus proveedores.',
    'Los datos de sus avales.',
  ],
};
const stepsFor = (wizard: StoredWizard) => NEXT_STEPS[wizard.endsWith('pm') ? 'company' : wizard.endsWith('pfae') ? 'business' : 'natural'];

/** A subject is one line: no line break from a name reaches the header. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** A sentence ended with its period, once: 'S.A. de C.V., SOFOM, E.N.R.' keeps its own. */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** Who sends, and why this address received it. */
const footer = (company: MailCompany) =>
  `${sentence(company.razonSocial)} Este correo se envió porque se registró esta dirección en una solicitud de crédito en línea; si no fuiste tú, ignóralo.`;

function layout(company: MailCompany, title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#1c2127;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #d3d8de;border-radius:4px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;font-size:18px">${escapeHtml(company.name)}</p>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#5f6b7c">${escapeHtml(footer(company))}</p>
</div>
</body>
</html>`;
}

const button = (href: string, label: string) =>
  `<p style="margin:16px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#2d72d2;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:3px">${escapeHtml(label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#404854">Si el botón no funciona, copia esta dirección en tu navegador: <br><span style="word-break:break-all">${escapeHtml(href)}</span></p>`;

const list = (items: string[]) => `<ul style="margin:0 0 16px;padding-left:20px">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
const textList = (items: string[]) => items.map((item) => `- ${item}`).join('\n');

/** After the first save: the link to continue, until when it is valid, and what to have ready. */
export function resumeMail(company: MailCompany, base: string, facts: ApplicationFacts): RenderedMail {
  const link = resumeLink(base, facts);
  const until = longDate(facts.validUntil);
  const steps = stepsFor(facts.wizard);
  const subject = oneLine(`Tu solicitud de crédito en ${company.name}: enlace para continuar`);
  const html = layout(
    company,
    subject,
    `<p style="margin:0 0 12px">Hola, ${escapeHtml(facts.name)}:</p>
<p style="margin:0 0 12px">Guardamos tu solicitud de crédito. Puedes continuarla desde cualquier dispositivo con este enlace, que es también tu código de solicitud:</p>
${button(link, 'Continuar mi solicitud')}
<p style="margin:0 0 12px">El enlace es válido hasta el <strong>${escapeHtml(until)}</strong>. Después tendrías que comenzar el registro nuevamente.</p>
<p style="margin:0 0 8px">Para los siguientes pasos ten a la mano:</p>
${list(steps)}`,
  );
  const text = `Hola, ${facts.name}:

Guardamos tu solicitud de crédito en ${company.name}. Puedes continuarla desde cualquier dispositivo con este enlace, que es también tu código de solicitud:

${link}

El enlace es válido hasta el ${until}. Después tendrías que comenzar el registro nuevamente.

Para los siguientes pasos ten a la mano:
${textList(steps)}

${footer(company)}
`;
  return { subject, html, text };
}

/** Five days before the link expires, while the application is not finished. */
export function reminderMail(company: MailCompany, base: string, facts: ApplicationFacts): RenderedMail {
  const link = resumeLink(base, facts);
  const until = longDate(facts.validUntil);
  const subject = oneLine(`Tu solicitud de crédito en ${company.name} vence el ${until}`);
  const html = layout(
    company,
    subject,
    `<p style="margin:0 0 12px">Hola, ${escapeHtml(facts.name)}:</p>
<p style="margin:0 0 12px">Tu solicitud de crédito aún no está terminada. El enlace para continuarla es válido hasta el <strong>${escapeHtml(until)}</strong>; después tendrías que comenzar el registro nuevamente.</p>
${button(link, 'Continuar mi solicitud')}`,
  );
  const text = `Hola, ${facts.name}:

Tu solicitud de crédito en ${company.name} aún no está terminada. El enlace para continuarla es válido hasta el ${until}; después tendrías que comenzar el registro nuevamente.

${link}

${footer(company)}
`;
  return { subject, html, text };
}

/** At finish: the print link and, for a PM, its guarantors. */
export function finishedMail(company: MailCompany, base: string, facts: ApplicationFacts): RenderedMail {
  const link = printLink(base, facts);
  const subject = oneLine(`Recibimos tu solicitud de crédito en ${company.name}`);
  const guarantors = facts.guarantors ?? [];
  const guarantorsHtml = guarantors.length > 0 ? `<p style="margin:0 0 8px">Con sus avales:</p>${list(guarantors)}` : '';
  const guarantorsText = guarantors.length > 0 ? `\nCon sus avales:\n${textList(guarantors)}\n` : '';
  const html = layout(
    company,
    subject,
    `<p style="margin:0 0 12px">Hola, ${escapeHtml(facts.name)}:</p>
<p style="margin:0 0 12px">Tu solicitud de crédito quedó finalizada. Un asesor la revisará y se comunicará contigo.</p>
${guarantorsHtml}<p style="margin:0 0 12px">Puedes imprimir tu solicitud para firmarla desde este enlace:</p>
${button(link, 'Imprimir mi solicitud')}`,
  );
  const text = `Hola, ${facts.name}:

Tu solicitud de crédito en ${company.name} quedó finalizada. Un asesor la revisará y se comunicará contigo.
${guarantorsText}
Puedes imprimir tu solicitud para firmarla desde este enlace:

${link}

${footer(company)}
`;
  return { subject, html, text };
}
