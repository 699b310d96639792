// The small pieces between the browser and the session: configuration, cookies, storage, HTTP headers.
import { describe, expect, it } from 'vitest';
import type { InternalAxiosRequestConfig } from 'axios';
import { injectClientConfig, type ClientConfig } from '../../forms/contracts/client-config';
import { createHttpClient } from '../../services/http';
import { readStoredToken, writeStoredToken } from '../../services/token-storage';
import { hasStaffCookie } from '../../src/session/staff-cookie';
import { safeNext } from '../../server/staff-portal/routes';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('client configuration in index.html', () => {
  it('cannot close its script element, whatever the configured texts hold', () => {
    const config = { company: { name: '</script><script>alert(1)</script>' } } as unknown as ClientConfig;
    const html = injectClientConfig('<head><!--app-config--></head>', config);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.replace(/^.*?<script[^>]*>/, '').replace(/<\/script>.*$/, '');
    expect(JSON.parse(json).company.name).toBe('</script><script>alert(1)</script>');
  });
});

describe('staff cookie marker', () => {
  it('is recognised by its exact name only', () => {
    expect(hasStaffCookie('sistema_sesion_activa', 'a=1; sistema_sesion_activa=1')).toBe(true);
    expect(hasStaffCookie('sistema_sesion_activa', 'sistema_sesion=xyz')).toBe(false);
    expect(hasStaffCookie('sistema_sesion_activa', '')).toBe(false);
  });
});

describe('token storage', () => {
  it('keeps access token, refresh token and type under the OAuth names, and removes them all', () => {
    const storage = new MemoryStorage();
    expect(readStoredToken(storage)).toBeNull();
    writeStoredToken(storage, { accessToken: 'a', refreshToken: 'r', tokenType: 'Bearer' });
    expect([storage.getItem('access_token'), storage.getItem('refresh_token'), storage.getItem('token_type')]).toEqual(['a', 'r', 'Bearer']);
    expect(readStoredToken(storage)).toEqual({ accessToken: 'a', refreshToken: 'r', tokenType: 'Bearer' });
    writeStoredToken(storage, null);
    expect(storage.length).toBe(0);
  });
});

describe('HTTP client', () => {
  it('sends the bearer, the XHR header and credentials, and reports a 401 without handling it', async () => {
    let seen: InternalAxiosRequestConfig | undefined;
    let unauthorized = 0;
    const http = createHttpClient({ baseURL: '/api', authorization: () => 'Bearer t-1', onUnauthorized: () => unauthorized++ });
    http.defaults.adapter = async (config) => {
      seen = config;
      const error = Object.assign(new Error('401'), { isAxiosError: true, config, response: { status: 401, data: {}, headers: {}, config, statusText: '' } });
      throw error;
    };
    await expect(http.get('/me')).rejects.toThrow('401');
    expect(seen?.headers.get('Authorization')).toBe('Bearer t-1');
    expect(seen?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(seen?.withCredentials).toBe(true);
    expect(unauthorized).toBe(1);
  });
});

describe('sign-in redirect', () => {
  it('follows only same-site paths', () => {
    expect(safeNext('/pf/1?params=2')).toBe('/pf/1?params=2');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil', undefined, 42]) expect(safeNext(bad)).toBe('/');
    // Browsers drop tabs and newlines from URLs: '/\t/evil.example' is '//evil.example' to them (issue 12, finding 4).
    for (const bad of ['/\t/evil.example/x', '/%09/evil.example/x', '/%2509/evil.example', '/\r\n/x', '/%5Cevil', '/%2F%2Fevil.example', '/a\u0000b'])
      expect(safeNext(bad), JSON.stringify(bad)).toBe('/');
    expect(safeNext('/list?params=F1#arriba')).toBe('/list?params=F1#arriba');
  });
});
