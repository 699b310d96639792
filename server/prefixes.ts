// Where the API, the staff pages and the embedded document store answer; every other path is the
// browser app's (its files, and index.html for its pages).
export const API_PREFIX = '/api';
export const STAFF_PORTAL_PREFIX = '/staff';
/** The embedded S3-compatible endpoint (outside /api: it speaks S3's XML, not the API's JSON). */
export const STORAGE_PREFIX = '/storage';

/** The prefixes of the paths that are not the browser app's. */
export const SERVER_PREFIXES = [API_PREFIX, STAFF_PORTAL_PREFIX, STORAGE_PREFIX];

export const underPrefix = (pathname: string, prefixes: readonly string[]) => prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** A request URL's path as the router reads it ('/%61pi/health' is '/api/health'); when it cannot be decoded, as sent. */
export function pathOf(url: string): string {
  const raw = url.split('?')[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
