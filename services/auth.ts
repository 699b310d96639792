// The authentication calls: POST /oauth/token (public account) and GET /me (staff profile).
import type { AxiosInstance } from 'axios';
import type { StaffProfile, StaffProfileAnswer, StoredToken, TokenAnswer } from '../forms/contracts/session';
import type { PublicClientCredentials } from '../forms/contracts/client-config';

/** Password grant with client id and the configured public credentials; the stored refresh token goes along when there is one. */
export async function requestPublicToken(
  http: AxiosInstance,
  credentials: PublicClientCredentials,
  refreshToken: string | null,
): Promise<StoredToken> {
  const { data } = await http.post<TokenAnswer>(
    '/oauth/token',
    {
      grant_type: 'password',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      username: credentials.username,
      password: credentials.password,
      scope: credentials.scope,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    },
  );
  return { accessToken: data.access_token, refreshToken: data.refresh_token ?? null, tokenType: data.token_type };
}


export async function loadStaffProfile(http: AxiosInstance): Promise<StaffProfile> {
  const { data } = await http.get<StaffProfileAnswer>('/me');
  const profile = data.data;
  return {
    token: profile.token,
    tokenType: profile.token_type ?? 'Bearer',
    nombre: profile.nombre,
    apellido_paterno: profile.apellido_paterno,
    apellido_materno: profile.apellido_materno,
    franquicia: profile.franquicia,
    roles: profile.roles,
    notificaciones: profile.notificaciones,
  };
}
