// The furthest-tab rule (`last_index`), once for the server: a save's meta.last_index is the furthest
// tab that save reaches; the record keeps the furthest of what it had and what the save reached,
// and answers it in meta. A draft is validated up to that tab (server/validation/validate-write.ts).
import type { SaveMeta } from '../../forms/contracts/application';

export const furthestTab = (stored: { last_index: number } | undefined, meta: SaveMeta | undefined): number =>
  Math.max(stored?.last_index ?? 0, meta?.last_index ?? 0);
