// What the browser is told at start: the server writes it into index.html as JSON.
// Nothing here is secret: the public applicant account is shared by design (spec 01 §6).

export interface PublicClientCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  scope: string;
}

export interface ClientLinks {
  companySite: string;
  facebook: string;
  instagram: string;
  linkedin: string;
  mainSystemHome: string;
  mainSystemPreferences: string;
  mainSystemLogout: string;
  clientList: string;
  /** A URL template; `{uuid}` is replaced by the record's uuid. */
  clientHistory: string;
}

export interface ClientConfig {
  apiBaseUrl: string;
  authBaseUrl: string;
  publicClient: PublicClientCredentials;
  /** The readable cookie that tells the browser a staff session exists (the session itself is HttpOnly). */
  staffCookieName: string;
  company: { name: string; clave: string; razonSocial: string };
  links: ClientLinks;
}

export const CLIENT_CONFIG_ELEMENT_ID = 'app-config';

/** JSON safe to place inside a <script type="application/json"> element. */
export function serializeClientConfig(config: ClientConfig): string {
  return JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const CONFIG_PLACEHOLDER = '<!--app-config-->';

/** index.html with the configuration in place of its placeholder comment. */
export function injectClientConfig(html: string, config: ClientConfig): string {
  return html.replace(
    CONFIG_PLACEHOLDER,
    `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${serializeClientConfig(config)}</script>`,
  );
}
