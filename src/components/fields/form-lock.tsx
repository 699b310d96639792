// The editable level of the form being shown; every field asks it whether it is locked.
import { createContext, useContext, type ReactNode } from 'react';
import { isFieldLocked, type EditableLevel } from '../../../forms/locking';

const EditableLevelContext = createContext<EditableLevel>('all');

export function FormLockProvider({ level, children }: { level: EditableLevel; children: ReactNode }) {
  return <EditableLevelContext.Provider value={level}>{children}</EditableLevelContext.Provider>;
}

export const useEditableLevel = () => useContext(EditableLevelContext);

/** Whether the field at `name` is disabled: locked by the editable level, or disabled by its caller. */
export function useFieldDisabled(name: string, disabled = false): boolean {
  return disabled || isFieldLocked(useEditableLevel(), name);
}
