// The authentication calls of spec §7 on the wire: POST /oauth/token's answer and GET /me's staff
// profile, with what the browser keeps of them (the public token in local storage, the profile in
// the session statechart).
import { array, mixed, number, object, string, type InferType } from 'yup';
import type { StaffRoleName } from '../staff-permissions';

export type AuthType = 'public' | 'system_auth';
export type StaffRole = StaffRoleName;
const STAFF_ROLES: StaffRole[] = ['usuario', 'analista', 'administrador'];

/** POST /oauth/token (password grant): the bearer token, and for the public account a refresh token. */
export const tokenAnswerSchema = object({
  access_token: string().required(),
  refresh_token: string().optional(),
  token_type: string().required(),
  expires_in: number().integer().min(1).required(),
});
export type TokenAnswer = InferType<typeof tokenAnswerSchema>;

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
  }).required(),
});
export type StaffProfileAnswer = InferType<typeof staffProfileAnswerSchema>;

/** The staff profile as the session statechart keeps it. */
export interface StaffProfile {
  token: string;
  tokenType: string;
  nombre: string;
  apellido_paterno: string;
  franquicia: string;
  roles: StaffRole[];
  notificaciones: number;
}
