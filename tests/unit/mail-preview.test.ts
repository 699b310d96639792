// @vitest-environment jsdom
// The preview of a message's HTML part ('Correos enviados', server/mail/mail-preview.ts): sanitised,
// nothing that runs, navigates, submits or fetches, each inline style kept aside for the CSSOM
// without what it would fetch, however spelt, and filtered again by the page's frame before it applies
// it (a DOM for that: jsdom); and the page's texts for a message (forms/mail-outbox-texts.ts).
import { describe, expect, it } from 'vitest';
import { keptStyle, MAIL_PREVIEW } from '../../forms/mail-outbox-rules';
import { mailPreview } from '../../server/mail/mail-preview';
import { applyKeptStyles } from '../../src/mail-outbox/mail-preview';
import { mailPageParams, mailStateText, readMailPageQuery, resendHistoryChange } from '../../forms/mail-outbox-texts';

const HOSTILE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=https://malo.example/">
<base href="https://malo.example/"><title>Correo</title><style>body{background:url(https://rastreo.example/a.png)}</style><link rel="stylesheet" href="https://malo.example/x.css"></head>
<body style="margin:0;padding:24px;background:#f6f7f9 url(https://rastreo.example/b.png)" onload="alert(1)">
<p style="color:#1c2127">Hola, ÑOÑO<script>alert(2)</script></p>
<a href="https://ejemplo.example/pf/abc?params=F9" target="_blank" style="background:#2d72d2;color:#ffffff">Continuar mi solicitud</a>
<a href="javascript:alert(3)">otro</a>
<img src="https://rastreo.example/pixel.gif" alt="pixel"><img src="data:image/png;base64,iVBORw0KGgo=" alt="punto">
<form action="https://malo.example/"><input name="x"><button>Enviar</button></form>
<iframe src="https://malo.example/"></iframe><svg><a href="https://malo.example/">svg</a></svg>
<div style="width:10px;background-image:url('https://rastreo.example/c.png');height:4px">x</div>
</body></html>`;

describe('the preview of a message', () => {
  const preview = mailPreview(HOSTILE);

  it('keeps the text and the look, each inline style aside and without what it would fetch', () => {
    expect(preview).toMatch(/^<!doctype html><html lang="es">/);
    expect(preview).toContain('Hola, ÑOÑO');
    expect(preview).toContain('data-correo-estilo="margin:0;padding:24px"');
    expect(preview).toContain('data-correo-estilo="color:#1c2127"');
    expect(preview).toContain('data-correo-estilo="background:#2d72d2;color:#ffffff"');
    expect(preview).toContain('data-correo-estilo="width:10px;height:4px"');
    expect(preview).not.toMatch(/\sstyle=/);
  });

  it('has no link, script, handler, form, frame, style sheet, refresh or remote image left', () => {
    expect(preview).not.toMatch(/href=|<script|onload|alert|<form|<input|<button|<iframe|<style|<link|<meta|<base|rastreo\.example|malo\.example\/x|javascript:/i);
    // The link is its text, its address the title a pointer shows.
    expect(preview).toContain('title="https://ejemplo.example/pf/abc?params=F9"');
    expect(preview).toContain('>Continuar mi solicitud</a>');
    expect(preview).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(preview).toMatch(/<img alt="pixel">/);
  });
});

/**
 * Declarations that fetch without spelling `url(` as such: CSS escapes (`\75` is 'u', `\r` is 'r'),
 * functions that take an image as a bare string, a comment between a name and its parenthesis, @import.
 */
const DISGUISED = [
  String.raw`background:\75rl(https://rastreo.example/1.png)`,
  String.raw`background:u\rl(https://rastreo.example/2.png)`,
  String.raw`background:\000055 RL(https://rastreo.example/3.png)`,
  String.raw`background-image:u\72l("https://rastreo.example/4.png")`,
  'background-image:image-set("https://rastreo.example/5.png" 1x)',
  'background-image:-webkit-image-set("https://rastreo.example/6.png" 1x)',
  'background-image:IMAGE-SET ( "https://rastreo.example/7.png" 1x )',
  'background-image:image("https://rastreo.example/8.png")',
  'background-image:cross-fade("https://rastreo.example/9.png", "https://rastreo.example/10.png", 50%)',
  'background-image:-webkit-cross-fade("https://rastreo.example/11.png", "https://rastreo.example/12.png", 50%)',
  'background:element(#otro)',
  'background-image:src("https://rastreo.example/13.png")',
  'background:url/**/(https://rastreo.example/14.png)',
  'background:u/**/rl(https://rastreo.example/15.png)',
  'list-style:URL (https://rastreo.example/16.png)',
  '@import "https://rastreo.example/17.css"',
  'width:expression(alert(1))',
];

describe('the inline styles a preview keeps', () => {
  it('leaves out each disguised fetch, and keeps the declarations around it', () => {
    for (const declaration of DISGUISED) expect(keptStyle(`color:#1c2127;${declaration};padding:4px`), declaration).toBe('color:#1c2127;padding:4px');
    expect(keptStyle('font-family:Arial, sans-serif;background:#f6f7f9;border:1px solid #d3d8de')).toBe('font-family:Arial, sans-serif;background:#f6f7f9;border:1px solid #d3d8de');
  });

  it('are filtered so by the server, whatever the message says', () => {
    const html = `<body>${DISGUISED.map((declaration, index) => `<p style='color:#1c2127;${declaration}'>${index}</p>`).join('')}</body>`;
    const preview = mailPreview(html);
    expect(preview).not.toMatch(/rastreo|\\|image|element|expression|@import|\/\*/i);
    expect(preview.match(/data-correo-estilo="color:#1c2127"/g)).toHaveLength(DISGUISED.length);
  });

  it('and once more by the page, before it applies them', () => {
    document.body.innerHTML = `<p ${MAIL_PREVIEW.styleAttribute}="color:red">a</p>`;
    const paragraphs = DISGUISED.map((declaration) => {
      const paragraph = document.createElement('p');
      paragraph.setAttribute(MAIL_PREVIEW.styleAttribute, `color:red;${declaration}`);
      document.body.append(paragraph);
      return paragraph;
    });
    applyKeptStyles(document);
    for (const paragraph of [document.querySelector('p')!, ...paragraphs]) expect(paragraph.style.cssText).toBe('color: red;');
  });
});

describe('the texts of a message', () => {
  it('says a failed state with its reason', () => {
    expect(mailStateText({ estado: 'fallido', ultimo_error: '550 Buzón lleno' })).toBe('Fallido: 550 Buzón lleno');
    expect(mailStateText({ estado: 'sin_smtp', ultimo_error: null })).toBe('No enviado: sin SMTP configurado');
    expect(mailStateText({ estado: 'pendiente', ultimo_error: '451 Intenta más tarde' })).toBe('Pendiente');
    expect(resendHistoryChange({ tipo: 'recordatorio', destinatario: 'a@b.mx', estado: 'enviado', ultimo_error: null })).toEqual({
      path: 'correo',
      before: 'Recordatorio a a@b.mx: Enviado',
      after: 'Enviado de nuevo',
    });
  });

  it('reads the page URL, bad values as their defaults, and writes it back without them', () => {
    expect(readMailPageQuery(new URLSearchParams('estado=fallido&q=%20ana%20&page=3'))).toEqual({ estado: 'fallido', q: 'ana', page: 3 });
    expect(readMailPageQuery(new URLSearchParams('estado=otro&page=0'))).toEqual({ estado: null, q: '', page: 1 });
    expect(readMailPageQuery(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(mailPageParams({ estado: 'sin_smtp', q: 'ana', page: 2 }).toString()).toBe('estado=sin_smtp&q=ana&page=2');
    expect(mailPageParams({ estado: null, q: '', page: 1 }).toString()).toBe('');
  });
});
