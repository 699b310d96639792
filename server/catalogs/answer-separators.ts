// The separators of the catalogue answers as stored (catalog-answer-tables.ts) and as copied to a
// file (catalog-answer-file.ts), in a module of their own: the file's reader is part of the server's
// first module, which must not load Kysely (0.5 MB) before the front door opens.

/** Between two answers. */
export const RS = '\x1e';
