// The one HTTP client: bearer `token_type token`, credentials, and the XHR header on every
// call. It never redirects or shows a notification: a 401 is reported to `onUnauthorized`
// (the session machine turns it into an event) and the error still reaches the caller.
import axios, { type AxiosInstance } from 'axios';

export interface HttpClientOptions {
  baseURL: string;
  /** The current Authorization header value, or null when there is no session yet. */
  authorization: () => string | null;
  onUnauthorized?: () => void;
}

export function createHttpClient({ baseURL, authorization, onUnauthorized }: HttpClientOptions): AxiosInstance {
  const http = axios.create({
    baseURL,
    withCredentials: true,
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  http.interceptors.request.use((request) => {
    const value = authorization();
    if (value && !request.headers.has('Authorization')) request.headers.set('Authorization', value);
    return request;
  });
  http.interceptors.response.use(undefined, (error) => {
    if (axios.isAxiosError(error) && error.response?.status === 401) onUnauthorized?.();
    return Promise.reject(error);
  });
  return http;
}

/** What a failed call tells a machine: the status, the server's Spanish message, and per-field messages of a 422. */
export function callFailure(error: unknown): { status?: number; message?: string; fieldErrors?: Record<string, string>; code?: string; listas?: string[] } {
  if (!axios.isAxiosError(error)) return { message: error instanceof Error ? error.message : undefined };
  const data = error.response?.data as { message?: unknown; errores?: unknown; code?: unknown; listas?: unknown } | undefined;
  return {
    status: error.response?.status,
    message: typeof data?.message === 'string' ? data.message : undefined,
    fieldErrors: data?.errores && typeof data.errores === 'object' ? (data.errores as Record<string, string>) : undefined,
    ...(typeof data?.code === 'string' ? { code: data.code } : {}),
    ...(Array.isArray(data?.listas) ? { listas: data.listas.filter((item): item is string => typeof item === 'string') } : {}),
  };
}
