// A JSON object (not an array, not null): the shape of a model and of its parts.
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
