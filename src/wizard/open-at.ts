// Opening a PM at its Avales tab (spec 02 §2): where a guarantor returns to, by 'Finalizar y
// regresar a PM' or 'Regresar a PM'; and an application at its staff's 'Validaciones PLD' tab, from
// a PLD alert. The tab travels by its key in the history state, so that the top navigation, in the
// home route's bundle, needs none of the wizards' definitions.
export interface OpenAtState {
  openAtTab: string;
}

export const AT_PM_AVALES: OpenAtState = { openAtTab: 'pmavales' };

/** The last tab, after the wizard's own: 'Validaciones PLD' for staff (src/wizard/wizard-page.tsx). */
export const AT_PLD_REVIEW: OpenAtState = { openAtTab: 'validacionespld' };

/** The index of the tab a navigation's state asks to open at, or null. */
export function openAtOf(tabs: ReadonlyArray<{ key: string }>, state: unknown): number | null {
  const key = (state as Partial<OpenAtState> | null)?.openAtTab;
  // A guarantor's wizard has no tab after its own: the machine keeps the index within its tabs.
  if (key === AT_PLD_REVIEW.openAtTab) return tabs.length;
  const index = key ? tabs.findIndex((tab) => tab.key === key) : -1;
  return index >= 0 ? index : null;
}
