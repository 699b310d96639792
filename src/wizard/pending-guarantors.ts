// Guarantors saved before their PM is stored (/aval/pf, /aval/pfae, /aval/pm). Each is a record of
// its own on the server, linked to nobody; this browser keeps their uuids and names until the next
// PM it stores, whose first save sends them (meta.guarantors) so the server links them to it.
import type { GuarantorSummary } from '../../forms/contracts/application';

const KEY = 'solicitud.avalesPendientes';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** This browser saved them, so it knows their uuids. */
type PendingGuarantor = GuarantorSummary & { uuid: string };

export function readPendingGuarantors(): PendingGuarantor[] {
  try {
    const stored = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is PendingGuarantor => typeof item?.uuid === 'string' && typeof item?.data === 'object') : [];
  } catch {
    return [];
  }
}

/** Adds or replaces a guarantor by its uuid. */
export function keepPendingGuarantor(guarantor: GuarantorSummary) {
  const others = readPendingGuarantors().filter((item) => item.uuid !== guarantor.uuid);
  storage()?.setItem(KEY, JSON.stringify([...others, guarantor]));
}

/** Drops these guarantors: the PM that sent them is stored. */
export function forgetPendingGuarantors(uuids: string[]) {
  const left = readPendingGuarantors().filter((item) => !uuids.includes(item.uuid));
  if (left.length === 0) storage()?.removeItem(KEY);
  else storage()?.setItem(KEY, JSON.stringify(left));
}
