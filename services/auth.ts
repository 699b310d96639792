// The authentication calls: POST /oauth/token (public account) and GET /me (staff profile).
import type { AxiosInstance } from 'axios';
import type { StaffProfile, StaffProfileAnswer, StoredToken, TokenAnswer } from '../forms/contracts/session';
import type { PublicClientCredentials } from '../forms/contracts/client-config';

/** How long a rate-limited token request waits, at most, for the `Retry-After` the server names, and how often it tries again. */
const TOKEN_RETRY = { maxWaitSeconds: 5, tries: 2 };

/** The seconds a 429 asks to wait (`Retry-After`), when it is short enough to wait for; otherwise null. */
function shortRetryAfter(error: unknown): number | null {
  const response = (error as { response?: { status?: number; headers?: Record<string, unknown> } }).response;
  if (response?.status !== 429) return null;
  const seconds = Number(response.headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= TOKEN_RETRY.maxWaitSeconds ? seconds : null;
}

/**
 * Password grant with client id and the configured public credentials; the stored refresh token goes
 * along when there is one. The token limit counts per address, so people behind one office's address
 * share it: a refusal that names a short wait is waited for and tried again, rather than shown as an error.
 */
export async function requestPublicToken(
  http: AxiosInstance,
  credentials: PublicClientCredentials,
  refreshToken: string | null,
): Promise<StoredToken> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await postTokenRequest(http, credentials, refreshToken);
    } catch (error) {
      const wait = attempt < TOKEN_RETRY.tries ? shortRetryAfter(error) : null;
      if (wait === null) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    }
  }
}

async function postTokenRequest(http: AxiosInstance, credentials: PublicClientCredentials, refreshToken: string | null): Promise<StoredToken> {
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
    // This server always says it; a main system's own /me (spec §7) does not, and has no alerts.
    alertas_pld: (profile.alertas_pld as number | undefined) ?? 0,
  };
}
