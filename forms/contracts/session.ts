// The authentication calls of spec §7 on the wire: POST /oauth/token's answer and GET /me's staff
// profile, with what the browser keeps of them (the public token in local storage, the profile in
// the session statechart).
import { array, mixed, number, object, string, type InferType } from 'yup';
import type { StaffRoleName } from '../staff-permissions';
import { hasControlCharacters } from '../rules/text';

export type AuthType = 'public' | 'system_auth';
export type StaffRole = StaffRoleName;
const STAFF_ROLES: StaffRole[] = ['usuario', 'analista', 'administrador'];

/**
 * POST /oauth/token, as JSON or as a form: the password grant of the shared public account (spec 01
 * §9), carrying the stored refresh token when the browser has one, or the refresh_token grant.
 */
export const tokenRequestSchema = object({
  grant_type: mixed<'password' | 'refresh_token'>().oneOf(['password', 'refresh_token']).required().meta({ openapi: { type: 'string' } }),
  client_id: mixed<string | number>()
    .required()
    .test('anyOf', 'client_id must be a string or an integer', (value) => value === undefined || typeof value === 'string' || Number.isInteger(value))
    .meta({ openapi: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }),
  client_secret: string().optional(),
  username: string().optional(),
  password: string().optional(),
  scope: string().optional(),
  refresh_token: string().optional(),
});
export type TokenRequest = InferType<typeof tokenRequestSchema>;

/** POST /oauth/token (password grant): the bearer token, and for the public account a refresh token. */
export const tokenAnswerSchema = object({
  access_token: string().required(),
  refresh_token: string().optional(),
  token_type: string().required(),
  expires_in: number().integer().min(1).required(),
});
export type TokenAnswer = InferType<typeof tokenAnswerSchema>;

/** The staff sign-in form of the staff pages (POST /staff/login, urlencoded): a text each, no control characters. */
export const SIGN_IN_FIELD_MAX = 200;
const signInText = () =>
  string()
    .strict()
    .required()
    .max(SIGN_IN_FIELD_MAX)
    .test('no control characters', 'control characters', (value) => !hasControlCharacters(value));
export const signInFormSchema = object({
  username: signInText().test('filled', 'blank', (value) => value.trim() !== ''),
  password: signInText(),
  /** Where to go once signed in: a path of this site (server/staff-portal/safe-next.ts); anything else goes home. */
  next: mixed().meta({ openapi: { type: 'string', maxLength: 2000 } }),
});
export type SignInForm = InferType<typeof signInFormSchema>;

/** The public token as the browser keeps it. */
export interface StoredToken {
  accessToken: string;
  refreshToken: string | null;
  tokenType: string;
}

/** GET /me: the signed-in staff user, with a bearer token for the API in `token`. */
export const staffProfileAnswerSchema = object({
  data: object({
    token: string().required(),
    token_type: string().required(),
    id: number().integer().required(),
    usuario: string().defined(),
    nombre: string().defined(),
    apellido_paterno: string().defined(),
    apellido_materno: string().defined(),
    franquicia: string().defined(),
    roles: array(mixed<StaffRole>().oneOf(STAFF_ROLES).required()).required(),
    notificaciones: number().integer().min(0).required(),
    /** Open PLD alerts (ongoing monitoring); 0 for staff without the `pld` permission. */
    alertas_pld: number().integer().min(0).required(),
  }).required(),
});
export type StaffProfileAnswer = InferType<typeof staffProfileAnswerSchema>;

/** The staff profile as the session statechart keeps it. */
export interface StaffProfile {
  token: string;
  tokenType: string;
  nombre: string;
  apellido_paterno: string;
  apellido_materno: string;
  franquicia: string;
  roles: StaffRole[];
  notificaciones: number;
  /** Open PLD alerts; 0 for staff without the `pld` permission. */
  alertas_pld: number;
}
