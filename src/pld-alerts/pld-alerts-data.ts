// What /alertas-pld loads: the alerts of the filter its URL asks for (`?estado=`), for staff who
// review PLD matches (permission `pld`: Analista and up); other staff get the refusal and no call.
// The open count a list answers becomes the header's (the session's profile), so closing an alert
// here is seen there too.
import type { PldAlertFilter, PldAlertList } from '../../forms/contracts/pld-alerts';
import { readAlertFilter } from '../../forms/pld-alert-texts';
import { hasPermission } from '../../forms/staff-permissions';
import { callFailure } from '../../services/http';
import { fetchPldAlerts } from '../../services/pld-alerts';
import type { AppRuntime } from '../session/runtime';

export type PldAlertsData =
  | { allowed: false }
  /** `list` null: the load failed, and `failure` says why in Spanish. */
  | { allowed: true; filter: PldAlertFilter; list: PldAlertList; failure?: undefined }
  | { allowed: true; filter: PldAlertFilter; list: null; failure: string };

export const LOAD_FAILED = 'No fue posible cargar las alertas. Intenta de nuevo.';

export async function loadPldAlerts({ http, session }: Pick<AppRuntime, 'http' | 'session'>, request: Request): Promise<PldAlertsData> {
  if (!hasPermission(session.getSnapshot().context.user?.roles, 'pld')) return { allowed: false };
  const filter = readAlertFilter(new URL(request.url).searchParams);
  try {
    const list = await fetchPldAlerts(http, filter);
    session.send({ type: 'session.pldAlertsCounted', open: list.abiertas });
    return { allowed: true, filter, list };
  } catch (error) {
    console.error('PLD alerts load failed', error);
    return { allowed: true, filter, list: null, failure: callFailure(error).message ?? LOAD_FAILED };
  }
}
