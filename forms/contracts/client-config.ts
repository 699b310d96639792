// What the browser is told at start: the server writes it into index.html as JSON.
// Nothing here is secret: the public applicant account is shared by design (spec 01 §6).

// The shapes are the schemas' of client-config-schema.ts, imported for their types only: this file
// is in the home route's bundle, which must not carry yup (DESIGN.md §7).
import type { InferType } from 'yup';
import type { clientConfigSchema, clientLinksSchema, publicClientCredentialsSchema } from './client-config-schema';

export type PublicClientCredentials = InferType<typeof publicClientCredentialsSchema>;
export type ClientLinks = InferType<typeof clientLinksSchema>;
export type ClientConfig = InferType<typeof clientConfigSchema>;

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
