// The PLD-name-required rule's message on the fields naming a party with matches still to review
// (spec 01 §5, 02 §5): the wizard provides the paths from its PLD review; a field shows the
// message when its path is one of them and it has no other error.
import { createContext, useContext } from 'react';
import { MESSAGES } from '../../../forms/messages';

const PldMarks = createContext<ReadonlySet<string>>(new Set());

export const PldMarksProvider = PldMarks.Provider;

/** 'Se requiere selección de coincidencias PLD' for the field at `name` while its party's matches wait for review. */
export function usePldMark(name: string): string | undefined {
  return useContext(PldMarks).has(name) ? MESSAGES.pldSelectionRequired : undefined;
}
