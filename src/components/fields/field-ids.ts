// The ids of a field's input and of the text under it, from its model path.
export const fieldId = (name: string) => `campo-${name.replace(/[^\w-]/g, '-')}`;
/** The id of the text under a field (its error or hint), from the field's input id. */
export const errorId = (inputId: string) => `${inputId}-ayuda`;
