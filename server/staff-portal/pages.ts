// HTML of the staff sign-in stand-in for the provider's main system. Every value is escaped.
import type { StaffUser } from '../db/schema';
import { STAFF_PORTAL_STYLESHEET } from './stylesheet';
import { escapeHtml } from '../html-escape';

const ROLE_LABELS: Record<string, string> = { usuario: 'Usuario', administrador: 'Administrador', analista: 'Analista' };

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sistema principal</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${STAFF_PORTAL_STYLESHEET}">
</head>
<body>
<header><strong>Sistema principal</strong> · acceso del personal</header>
<main>
${body}
</main>
</body>
</html>`;
}

export function loginPage(options: { next: string; error?: string; username?: string }): string {
  const error = options.error ? `<p class="error" role="alert" id="login-error">${escapeHtml(options.error)}</p>` : '';
  // The focus where the person goes on typing: the password again after a refusal that kept the user name, else the user name.
  const again = Boolean(options.error && options.username);
  const describedBy = options.error ? ' aria-describedby="login-error"' : '';
  return layout(
    'Iniciar sesión',
    `<h1>Iniciar sesión</h1>
${error}
<form method="post" action="/staff/login">
  <input type="hidden" name="next" value="${escapeHtml(options.next)}">
  <label for="username">Usuario</label>
  <input id="username" name="username" autocomplete="username" required value="${escapeHtml(options.username ?? '')}"${describedBy}${again ? '' : ' autofocus'}>
  <label for="password">Contraseña</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${again ? ' autofocus' : ''}>
  <button type="submit">Iniciar sesión</button>
</form>`,
  );
}

/** Sign-out is a POST (a link would let another site sign staff out). */
const signOutButton = '<form class="inline" method="post" action="/staff/logout"><button type="submit" class="link-button">Cerrar sesión</button></form>';

export function logoutPage(options: { error?: string } = {}): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return layout(
    'Cerrar sesión',
    `<h1>Cerrar sesión</h1>
${error}
<p>¿Quieres cerrar tu sesión del personal?</p>
<form method="post" action="/staff/logout"><button type="submit">Cerrar sesión</button></form>
<p><a href="/">Regresar a Solicitud online</a></p>`,
  );
}

export function homePage(user: StaffUser): string {
  return layout(
    'Inicio',
    `<h1>Hola, ${escapeHtml(user.nombre)}</h1>
<p>Franquicia ${escapeHtml(user.franquicia)}.</p>
<p><a class="button" href="/">Ir a Solicitud online</a></p>
<p><a href="/staff/preferencias">Preferencias</a> · ${signOutButton}</p>`,
  );
}

export function preferencesPage(user: StaffUser): string {
  const roles = user.roles.map((r) => ROLE_LABELS[r] ?? r).join(', ');
  return layout(
    'Preferencias',
    `<h1>Preferencias</h1>
<dl>
  <dt>Usuario</dt><dd>${escapeHtml(user.username)}</dd>
  <dt>Nombre</dt><dd>${escapeHtml([user.nombre, user.apellido_paterno, user.apellido_materno].filter(Boolean).join(' '))}</dd>
  <dt>Franquicia</dt><dd>${escapeHtml(user.franquicia)}</dd>
  <dt>Roles</dt><dd>${escapeHtml(roles)}</dd>
</dl>
<p><a href="/">Ir a Solicitud online</a> · <a href="/staff/inicio">Inicio</a> · ${signOutButton}</p>`,
  );
}
