// The client configuration the server writes into index.html (forms/contracts/client-config.ts), as a schema:
// the server checks its own configuration against it at start.
import { object, string } from 'yup';

export const publicClientCredentialsSchema = object({
  clientId: string().required(),
  clientSecret: string().defined(),
  username: string().required(),
  password: string().defined(),
  scope: string().defined(),
});

export const clientLinksSchema = object({
  companySite: string().defined(),
  /** The company's privacy notice ('Aviso de privacidad'), linked from the public footer. */
  privacyNotice: string().defined(),
  facebook: string().defined(),
  instagram: string().defined(),
  linkedin: string().defined(),
  mainSystemHome: string().defined(),
  mainSystemPreferences: string().defined(),
  mainSystemLogout: string().defined(),
  clientList: string().defined(),
  /** A URL template; `{uuid}` is replaced by the record's uuid. */
  clientHistory: string().defined(),
});

export const clientConfigSchema = object({
  apiBaseUrl: string().defined(),
  authBaseUrl: string().defined(),
  publicClient: publicClientCredentialsSchema.required(),
  /** The readable cookie that tells the browser a staff session exists (the session itself is HttpOnly). */
  staffCookieName: string().required(),
  company: object({
    name: string().defined(),
    clave: string().defined(),
    razonSocial: string().defined(),
    /** The headers' logo (its alt text the name); null, the name shows. */
    logoUrl: string().nullable().defined(),
    /** The primary colour of the headers and primary buttons, with its hover and pressed shades; null, the default look. */
    colors: object({ primary: string().required(), hover: string().required(), active: string().required() }).nullable().defined(),
  }).required(),
  links: clientLinksSchema.required(),
});
