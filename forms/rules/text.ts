// What a text may hold: no control characters (NUL and the other C0 controls, DEL), no lone
// surrogate halves; a multi-line text (comments) may hold line breaks and tabs. PostgreSQL refuses
// a NUL in a text, and none of these can be typed into a field.
const CONTROL = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `text` holds a character no field accepts (`multiline`: line breaks and tabs allowed). */
export const hasControlCharacters = (text: string, multiline = false): boolean => (multiline ? CONTROL_MULTILINE : CONTROL).test(text);
