// Country of birth decides the nationality (read-only in the form) and which birth-place fields apply.
import { COUNTRY_MEXICO, NATIONALITY_FOREIGN, NATIONALITY_MEXICAN } from '../limits';

export const isMexico = (pais: { clave?: string | null } | null | undefined) => pais?.clave === COUNTRY_MEXICO;

/** Mexicana when the country of birth is MX, Extranjera for any other country, empty when none is chosen. */
export function deriveNationality(pais: { clave?: string | null } | null | undefined): string {
  if (!pais?.clave) return '';
  return isMexico(pais) ? NATIONALITY_MEXICAN : NATIONALITY_FOREIGN;
}
