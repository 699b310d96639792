// How a model's values print (spec 02 §2): money as es-MX pesos, dates as dd/mm/aaaa, catalogue
// entries by name, phones as the form shows them (331-234-5678); anything empty or of the wrong kind prints '' (a blank line to
// fill by hand), never 'undefined', 'null', 'NaN' or '[object Object]'.
import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { formatPhone } from '../masks';

const MONEY = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', minimumFractionDigits: 2 });

/** Any scalar as text; '' for empty, objects and non-finite numbers. */
export function plain(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return '';
}

/** An amount as es-MX money ($2,500,000.00); '' when empty or not a number. */
export function money(value: unknown): string {
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) ? MONEY.format(amount) : '';
}

/** A stored date (aaaa-mm-dd, or an ISO timestamp) as dd/mm/aaaa; '' when empty or not a date. */
export function shortDate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** A day as 'día de Mes de año' in Spanish: '23 de Noviembre de 2026' (spec 02 §2, the PM form). */
export function longDate(day: Date): string {
  const text = format(day, "d 'de' MMMM 'de' yyyy", { locale: es });
  return text.replace(/ de ([a-záéíóú]+) de /, (_, month: string) => ` de ${month[0]!.toUpperCase()}${month.slice(1)} de `);
}

/** A catalogue entry by its name: an object's `nombre` (or `colonia`), or a plain text. */
export function entryName(value: unknown): string {
  if (value && typeof value === 'object') {
    const entry = value as { nombre?: unknown; colonia?: unknown };
    return plain(entry.nombre ?? entry.colonia);
  }
  return plain(value);
}

/** A phone number as the form shows it: stored '3312345678' → '331-234-5678'; any other text as it is. */
export function phoneNumber(value: unknown): string {
  const text = plain(value);
  return /^\d{10}$/.test(text) ? formatPhone(text) : text;
}

/** A phone with its extension, as the form shows them: '331-234-5678 ext. 12'. */
export function phoneText(value: unknown, extension?: unknown): string {
  const phone = value && typeof value === 'object' ? (value as { numero?: unknown; extension?: unknown }) : { numero: value, extension };
  const number = phoneNumber(phone.numero);
  const ext = plain(phone.extension ?? extension);
  return number && ext ? `${number} ext. ${ext}` : number;
}
