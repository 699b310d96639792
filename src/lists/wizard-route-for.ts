// Which wizard route opens a record of a person type (spec 01 §2 'Unfinished registrations list').
export function wizardRouteFor(tipoPersona: string, uuid: string): string | null {
  const id = encodeURIComponent(uuid);
  if (tipoPersona === 'Física') return `/pf/${id}`;
  if (tipoPersona === 'Moral') return `/pm/${id}`;
  return tipoPersona ? `/pfae/${id}` : null;
}
