// A person's or company's name as people read it: the name, then a natural person's surnames.
type Named = { nombre?: unknown; fisica?: unknown };

export function fullName(model: Named): string {
  const fisica = (typeof model.fisica === 'object' && model.fisica !== null ? model.fisica : {}) as Record<string, unknown>;
  return [model.nombre, fisica.apellido_paterno, fisica.apellido_materno].filter((part) => typeof part === 'string' && part.trim()).join(' ');
}
