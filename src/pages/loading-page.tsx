import { Spinner } from '@blueprintjs/core';

/** Shown while the first route's authentication step runs. */
export function LoadingPage() {
  return (
    <div className="loading-page" role="status" aria-live="polite">
      <Spinner size={40} aria-hidden="true" />
      <span>Cargando…</span>
    </div>
  );
}
