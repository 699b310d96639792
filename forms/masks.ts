// How values look while typed, and how they are stored: phones as 3-3-4, upper-case text,
// digits-only inputs. Pure functions shared by the field kit and the before-submit transform.

/** Only the digits of a value, at most `max` of them. */
export const digitsOnly = (value: string, max = Infinity) => value.replace(/\D/g, '').slice(0, max);

/** '3312345678' → '331-234-5678' (partial input formats as far as it goes). */
export function formatPhone(value: string | null | undefined): string {
  const digits = digitsOnly(value ?? '', 10);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 10)].filter(Boolean);
  return parts.join('-');
}

/** '331-234-5678' → '3312345678'. */
export const stripPhone = (value: string | null | undefined) => (value ?? '').replace(/-/g, '');

export const toUpper = (value: string | null | undefined) => (value ?? '').toLocaleUpperCase('es-MX');
