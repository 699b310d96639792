// The public token in local storage, under the names of the OAuth answer.
import type { StoredToken } from '../forms/contracts/session';

const KEYS = { accessToken: 'access_token', refreshToken: 'refresh_token', tokenType: 'token_type' } as const;

export function readStoredToken(storage: Storage): StoredToken | null {
  const accessToken = storage.getItem(KEYS.accessToken);
  if (!accessToken) return null;
  return {
    accessToken,
    refreshToken: storage.getItem(KEYS.refreshToken),
    tokenType: storage.getItem(KEYS.tokenType) ?? 'Bearer',
  };
}

export function writeStoredToken(storage: Storage, token: StoredToken | null) {
  if (!token) {
    for (const key of Object.values(KEYS)) storage.removeItem(key);
    return;
  }
  storage.setItem(KEYS.accessToken, token.accessToken);
  storage.setItem(KEYS.tokenType, token.tokenType);
  if (token.refreshToken) storage.setItem(KEYS.refreshToken, token.refreshToken);
  else storage.removeItem(KEYS.refreshToken);
}
