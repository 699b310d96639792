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

/** As kept: with when it was kept. */
type KeptGuarantor = PendingGuarantor & { kept_at: number };

/**
 * How long a guarantor waits for its PM in this browser: past it, a shared computer's next person
 * starting a PM is not offered someone else's guarantors (the record itself stays on the server).
 */
export const PENDING_DAYS = 7;
const PENDING_MS = PENDING_DAYS * 24 * 60 * 60 * 1000;

function readKept(): KeptGuarantor[] {
  try {
    const stored = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((item): item is KeptGuarantor => typeof item?.uuid === 'string' && typeof item?.data === 'object' && typeof item?.kept_at === 'number')
      : [];
  } catch {
    return [];
  }
}

function write(kept: KeptGuarantor[]) {
  try {
    if (kept.length === 0) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // a full or refused storage keeps nothing: the guarantor is linked from the PM by staff instead
  }
}

/** The guarantors waiting for a PM in this browser; those kept longer than a week are dropped. */
export function readPendingGuarantors(): PendingGuarantor[] {
  const kept = readKept();
  const fresh = kept.filter((item) => Date.now() - item.kept_at <= PENDING_MS);
  if (fresh.length !== kept.length) write(fresh);
  return fresh.map(({ kept_at: _keptAt, ...guarantor }) => guarantor);
}

/** Adds or replaces a guarantor by its uuid. */
export function keepPendingGuarantor(guarantor: GuarantorSummary) {
  if (!guarantor.uuid) return;
  const others = readKept().filter((item) => item.uuid !== guarantor.uuid);
  write([...others, { ...guarantor, uuid: guarantor.uuid, kept_at: Date.now() }]);
}

/** Drops these guarantors: the PM that sent them is stored, or the person declined them. */
export function forgetPendingGuarantors(uuids: string[]) {
  write(readKept().filter((item) => !uuids.includes(item.uuid)));
}
