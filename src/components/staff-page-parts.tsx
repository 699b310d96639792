// What a staff page over one table ('Correos enviados', 'Alertas PLD') shows besides its table: the
// page a person without its permission gets, its title (which takes the focus when a dialog closes
// and the button that opened it is gone), and the callout of a list that did not load.
import { H1 } from '@blueprintjs/core';
import type { Ref } from 'react';
import { useRevalidator } from 'react-router-dom';
import { TitledCallout } from './titled-callout';
import { BusyButton } from './busy-button';
import { focusIsLost } from './lost-focus';

/** The page of a person whose roles do not allow it: its title and why not. */
export function RefusedPage({ title, refusal }: { title: string; refusal: string }) {
  return (
    <div className="list-page">
      <H1>{title}</H1>
      <p role="alert">{refusal}</p>
    </div>
  );
}

/** The page's h1, focusable by script only (its outline shows to keyboard users alone). */
export function PageTitle({ id, ref, children }: { id: string; ref: Ref<HTMLHeadingElement>; children: string }) {
  return (
    <H1 id={id} ref={ref} tabIndex={-1} className="page-title">
      {children}
    </H1>
  );
}

/**
 * Once a dialog of the page has closed: the focus it gave back is lost when the button that opened it
 * is gone (its row left the list or changed), left on the page's body or in the leaving dialog; the
 * page's title takes it then.
 */
export function focusTitleIfLost(title: HTMLHeadingElement | null) {
  if (focusIsLost({ leavingDialog: true })) title?.focus();
}

/** A list that did not load: what went wrong, and 'Intentar de nuevo', which loads the page's data again. */
export function LoadFailure({ title, failure }: { title: string; failure?: string }) {
  const revalidator = useRevalidator();
  return (
    <TitledCallout level={2} intent="danger" title={title} role="alert" className="load-failure">
      <p>{failure}</p>
      <BusyButton text="Intentar de nuevo" onClick={() => void revalidator.revalidate()} busy={revalidator.state === 'loading'} />
    </TitledCallout>
  );
}
