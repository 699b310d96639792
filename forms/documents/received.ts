// Which received documents an opened record's upload areas may speak of. A document is known by its
// type only: a person with business activity (PFAE) has two proof-of-address areas (home, and the
// business's fiscal address), so a received proof of address cannot be told to be either's, and
// neither says it was received.
import type { StoredDocument } from '../contracts/documents';
import { PERSON_TYPE_PFAE } from '../options';

export const receivedDocumentsShown = (stored: readonly StoredDocument[], tipoPersona: string): readonly StoredDocument[] =>
  tipoPersona === PERSON_TYPE_PFAE ? stored.filter((document) => document.type !== 'address') : stored;
