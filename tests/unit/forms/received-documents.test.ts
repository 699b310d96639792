// A received proof of address is spoken of only where the wizard has one proof-of-address area.
import { describe, expect, it } from 'vitest';
import { receivedDocumentsShown } from '../../../forms/documents/received';
import { PERSON_TYPE_PF, PERSON_TYPE_PFAE, PERSON_TYPE_PM } from '../../../forms/options';

const at = '2026-11-20T16:05:00.000Z';
const stored = [
  { type: 'address' as const, format: 'image/png' as const, size: 1, uploaded_at: at },
  { type: 'identification' as const, format: 'image/png' as const, size: 1, uploaded_at: at },
];

describe('received documents shown', () => {
  it('all of them for a PF and a PM (one area of each type)', () => {
    expect(receivedDocumentsShown(stored, PERSON_TYPE_PF)).toEqual(stored);
    expect(receivedDocumentsShown(stored, PERSON_TYPE_PM)).toEqual(stored);
  });
  it('no proof of address for a PFAE, whose home and fiscal areas it cannot be told apart for', () => {
    expect(receivedDocumentsShown(stored, PERSON_TYPE_PFAE)).toEqual([stored[1]]);
  });
});
