// Where to go after sign-in: a path of this site only. Browsers strip tabs and newlines from URLs
// and read a backslash as a slash, so '/\t/evil.example' or '/\\evil.example' would leave the site;
// anything but plain URL characters, or a path that decodes to such a form, falls back to '/'.
const PLAIN_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/?%#]*$/;
const BASE = 'http://solicitud.invalid';

function decodedForms(value: string): string[] {
  const forms = [value];
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(forms.at(-1)!);
      if (decoded === forms.at(-1)) break;
      forms.push(decoded);
    } catch {
      break;
    }
  }
  return forms;
}

const leavesSite = (form: string) => /[\u0000-\u001f\u007f\\]/.test(form) || form.startsWith('//');

export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000 || !PLAIN_PATH.test(next)) return '/';
  if (decodedForms(next).some(leavesSite)) return '/';
  try {
    return new URL(next, BASE).origin === BASE ? next : '/';
  } catch {
    return '/';
  }
}
