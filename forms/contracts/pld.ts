// The screening calls of spec §7 on the wire, as the browser's review takes them.
import type { PldGroup, PldMatch } from '../pld';

/** What the review statechart is given of POST /blacklist: whether anything matched, and the matches per group. */
export interface BlacklistAnswer {
  /** false: no match anywhere. */
  validatePLD: boolean;
  groups: Record<PldGroup, PldMatch[]>;
}
