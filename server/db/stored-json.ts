// A json column as read: PGlite answers it decoded, node-postgres too for json but a text cast or
// an aggregate may come back as a string.
export const storedJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
