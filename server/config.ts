// Server configuration: every environment variable the product reads, with its default.
// The README's table and .env.example list the same names; keep the three in step.
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ClientConfig } from '../forms/contracts/client-config';
import { brandColors, logoUrl } from './brand-settings';
import { DEFAULT_LIMITS, type LimitSettings } from './limit-settings';
import { TEST_PATHS_DIR } from './lab/test-paths';
import type { FormIssue, PrintCompany } from '../forms/print/company';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A database statement's caller is answered 503 after this long. */
  dbQueryTimeoutMs: number;
  /** PGlite: a statement still unanswered after this long stops the process (to be restarted). */
  dbStuckExitMs: number;
  /** PostgreSQL: the most connections this instance's request pool opens. */
  dbPoolMax: number;
  /** After SIGTERM, how long requests are still answered (the health check saying 'stopping') before the server closes. */
  shutdownDrainMs: number;
  /** The largest JSON request body accepted (413 above). */
  apiBodyLimitBytes: number;
  /** PGlite: the bytes the records kept in memory may take. */
  recordCacheMaxBytes: number;
  logLevel: string;
  /** Fastify's trustProxy: which hops' X-Forwarded-For/-Proto/-Host are believed (none by default). */
  trustProxy: boolean | number | string[];
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  staffSessionTtlSeconds: number;
  publicClient: { clientId: string; clientSecret: string; username: string; password: string };
  staffCookieName: string;
  demoStaff: boolean;
  /** The demo account's password; unset, a random one is made and printed once. */
  demoStaffPassword: string | undefined;
  distDir: string;
  /** LAB_PATHS_DIR: where the machine lab reads the paths the machine tests recorded. */
  labPathsDir: string;
  client: ClientConfig;
  /** RATE_LIMIT: the rate limits and the sign-in guard's delays and lockout (off for tests and benchmarks). */
  rateLimit: boolean;
  /** REDIS_URL: where the limits are counted when several instances share them; unset, in memory. */
  redisUrl: string | undefined;
  limits: LimitSettings;
  /** PLD_REFRESH_SECONDS: how often the PLD index looks for a newer version of the lists another process loaded; 0 never. */
  pldRefreshSeconds: number;
  /** The company data the printed forms' headers start from (seeded into the database once). */
  printCompany: PrintCompany;
  /** Where uploaded documents are kept (server/storage/). */
  storage: StorageConfig;
  /** OCR_WORKERS: the warm OCR workers (threads) reading documents at once; the others wait their turn. */
  ocrWorkers: number;
  /** The e-mail outbox (server/mail/): where links point, who sends, and through which SMTP server (unset: kept only). */
  mail: { enabled: boolean; publicBaseUrl: string; from: string; smtpUrl: string | undefined };
  /** SAT_CA_DIR: a folder of the SAT's CA certificates that e.firma signatures must chain up to; unset, the chain is not checked. */
  satCaDir: string | undefined;
  /** What reading the configuration adjusted (a primary colour too light), logged at start. */
  warnings: string[];
}

/**
 * Document storage: the server's own S3-compatible endpoint writing under DATA_DIR/documents
 * (`endpoint` unset), or any S3-compatible store. Credentials unset in embedded mode: a secret
 * is made once and kept in the database (server/storage/storage-credentials.ts).
 */
export interface StorageConfig {
  /** S3_ENDPOINT: an S3-compatible store's URL; unset, the embedded endpoint (/storage/{bucket}). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** S3_FORCE_PATH_STYLE: https://host/bucket/key rather than https://bucket.host/key (MinIO wants it). */
  forcePathStyle: boolean;
  /** How long a signed upload policy is accepted. */
  policyTtlSeconds: number;
}

type Env = Record<string, string | undefined>;

const text = (env: Env, name: string, fallback: string) => {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
};

const integer = (env: Env, name: string, fallback: number) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
};

const flag = (env: Env, name: string, fallback: boolean) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(raw.toLowerCase());
};

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `false` (default), `true`, a hop count, or a comma-separated list of addresses, CIDRs or proxy-addr names. */
export function parseTrustProxy(raw: string | undefined): boolean | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || ['false', 'no', 'off'].includes(value.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (/^\d+$/.test(value)) return Number(value) || false;
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
    if (!(PROXY_NAMES.includes(entry) || (version !== 0 && validBits && rest.length === 0))) {
      throw new Error(`TRUST_PROXY must be true, false, a hop count or a list of addresses/CIDRs, got "${raw}"`);
    }
  }
  return entries;
}

/** Fastify's trustProxy option; a hop count becomes the function Fastify's types ask for. */
export function trustProxyOption(value: ServerConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** A form's code, revision and issue date (dd/mm/aaaa) as the database is first seeded with. */
const formIssue = (codigo_formato: string, revision = '1', fecha_emision = '01/09/2025'): FormIssue => ({ codigo_formato, revision, fecha_emision });

/** The packet's company data (spec 02 §2, §9): two companies and each form's header. */
function printCompany(env: Env, sofom: { clave: string; razonSocial: string }): PrintCompany {
  return {
    sofom: { empresa_razon_social: sofom.razonSocial, empresa_razon_social_clave: sofom.clave },
    generic: {
      empresa_razon_social: text(env, 'EMPRESA_GENERICA_RAZON_SOCIAL', 'Occidente Arrendamiento Comercial, S.A. de C.V.'),
      empresa_razon_social_clave: text(env, 'EMPRESA_GENERICA_CLAVE', 'OAC'),
    },
    forms: {
      financing_pf: formIssue('FO-PRO-014'),
      financing_pfae: formIssue('FO-PRO-015'),
      financing_pm: formIssue('FO-PRO-016'),
      authorisation_sofom: formIssue('PRO-FT-006', '3'),
      authorisation_generic: formIssue('PRO-FT-006', '3'),
      bureau_pf: formIssue('FO-PRO-008'),
      bureau_pm: formIssue('FO-PRO-010'),
      privacy: formIssue('FO-DIC-012'),
    },
  };
}

/** Said at start in production without SAT_CA_DIR. */
export const SAT_CA_DIR_WARNING =
  "SAT_CA_DIR is not set: e.firma signatures are kept without checking that their certificates chain up to the SAT's (each one's cadena_verificada is false).";

export function loadConfig(env: Env = process.env): ServerConfig {
  const publicClient = {
    clientId: text(env, 'PUBLIC_CLIENT_ID', '2'),
    clientSecret: text(env, 'PUBLIC_CLIENT_SECRET', 'solicitud-online'),
    username: text(env, 'PUBLIC_USERNAME', 'solicitante'),
    password: text(env, 'PUBLIC_PASSWORD', 'solicitante'),
  };
  const company = {
    name: text(env, 'COMPANY_NAME', 'Arrendadora Occidente'),
    clave: text(env, 'EMPRESA_CLAVE', 'AOCC'),
    razonSocial: text(env, 'EMPRESA_RAZON_SOCIAL', 'Arrendadora Occidente, S.A. de C.V., SOFOM, E.N.R.'),
  };
  const colors = brandColors(env.COMPANY_PRIMARY_COLOR);
  const companySite = text(env, 'COMPANY_SITE_URL', 'https://www.arrendadora-occidente.example');
  return {
    port: integer(env, 'PORT', 3000),
    host: text(env, 'HOST', '0.0.0.0'),
    dataDir: path.resolve(text(env, 'DATA_DIR', './.data')),
    databaseUrl: env.DATABASE_URL || undefined,
    dbQueryTimeoutMs: integer(env, 'DB_QUERY_TIMEOUT_MS', 15_000),
    dbPoolMax: integer(env, 'DB_POOL_MAX', 20),
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 0),
    dbStuckExitMs: integer(env, 'DB_STUCK_EXIT_MS', 60_000),
    apiBodyLimitBytes: integer(env, 'API_BODY_LIMIT_BYTES', 256 * 1024),
    recordCacheMaxBytes: integer(env, 'RECORD_CACHE_MAX_BYTES', 32 * 1024 * 1024),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 3600),
    refreshTokenTtlSeconds: integer(env, 'REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600),
    staffSessionTtlSeconds: integer(env, 'STAFF_SESSION_TTL_SECONDS', 8 * 3600),
    publicClient,
    staffCookieName: text(env, 'STAFF_COOKIE_NAME', 'sistema_sesion'),
    demoStaff: flag(env, 'DEMO_STAFF', true),
    demoStaffPassword: env.DEMO_STAFF_PASSWORD || undefined,
    distDir: path.resolve(text(env, 'DIST_DIR', './dist')),
    labPathsDir: path.resolve(text(env, 'LAB_PATHS_DIR', TEST_PATHS_DIR)),
    rateLimit: flag(env, 'RATE_LIMIT', true),
    redisUrl: env.REDIS_URL || undefined,
    // The token limit is counted per address: an office whose applicants share one raises it.
    limits: { ...DEFAULT_LIMITS, routes: { ...DEFAULT_LIMITS.routes, token: { ...DEFAULT_LIMITS.routes.token, max: integer(env, 'TOKEN_RATE_LIMIT', DEFAULT_LIMITS.routes.token.max) } } },
    pldRefreshSeconds: integer(env, 'PLD_REFRESH_SECONDS', 60),
    printCompany: printCompany(env, company),
    storage: {
      endpoint: env.S3_ENDPOINT || undefined,
      bucket: text(env, 'S3_BUCKET', 'documentos'),
      region: text(env, 'S3_REGION', 'us-east-1'),
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', true),
      policyTtlSeconds: integer(env, 'UPLOAD_POLICY_TTL_SECONDS', 300),
    },
    // One or two on a small machine, leaving a CPU to the API's other calls.
    ocrWorkers: integer(env, 'OCR_WORKERS', 0) || Math.max(1, Math.min(2, os.availableParallelism() - 1)),
    mail: {
      enabled: flag(env, 'MAIL_OUTBOX', true),
      publicBaseUrl: text(env, 'PUBLIC_BASE_URL', `http://localhost:${integer(env, 'PORT', 3000)}`),
      // Quoted: a comma or a dot in the company's name is not read as a second address.
      from: text(env, 'MAIL_FROM', `"${company.name.replace(/["\\\r\n]/g, '')}" <solicitudes@localhost>`),
      smtpUrl: env.SMTP_URL || undefined,
    },
    satCaDir: env.SAT_CA_DIR ? path.resolve(env.SAT_CA_DIR) : undefined,
    warnings: [
      ...(colors.warning ? [colors.warning] : []),
      ...(env.SMTP_URL && flag(env, 'MAIL_OUTBOX', true) && !env.PUBLIC_BASE_URL ? ['PUBLIC_BASE_URL is not set: the links of the e-mails sent point to localhost.'] : []),
      // In production an unchecked chain is a choice to make knowingly: any CA's certificate carrying an applicant's RFC would be taken.
      ...(env.NODE_ENV === 'production' && !env.SAT_CA_DIR ? [SAT_CA_DIR_WARNING] : []),
    ],
    client: {
      apiBaseUrl: text(env, 'API_BASE_URL', '/api'),
      authBaseUrl: text(env, 'AUTH_BASE_URL', '/api'),
      publicClient: { ...publicClient, scope: '' },
      staffCookieName: `${text(env, 'STAFF_COOKIE_NAME', 'sistema_sesion')}_activa`,
      company: { ...company, logoUrl: logoUrl(env.COMPANY_LOGO_URL), colors: colors.colors },
      links: {
        companySite,
        privacyNotice: text(env, 'PRIVACY_NOTICE_URL', `${companySite.replace(/\/+$/, '')}/aviso-de-privacidad`),
        facebook: text(env, 'SOCIAL_FACEBOOK_URL', 'https://www.facebook.com/arrendadora.occidente'),
        instagram: text(env, 'SOCIAL_INSTAGRAM_URL', 'https://www.instagram.com/arrendadora.occidente'),
        linkedin: text(env, 'SOCIAL_LINKEDIN_URL', 'https://www.linkedin.com/company/arrendadora-occidente'),
        mainSystemHome: text(env, 'MAIN_SYSTEM_HOME_URL', '/staff/inicio'),
        mainSystemPreferences: text(env, 'MAIN_SYSTEM_PREFERENCES_URL', '/staff/preferencias'),
        mainSystemLogout: text(env, 'MAIN_SYSTEM_LOGOUT_URL', '/staff/logout'),
        clientList: text(env, 'MAIN_SYSTEM_CLIENT_LIST_URL', '/list'),
        clientHistory: text(env, 'MAIN_SYSTEM_CLIENT_HISTORY_URL', '/historial/{uuid}'),
      },
    },
  };
}
