// The reason of a confirmed PLD match: one rule (forms/contracts/pld.ts pldReasonSchema) for the
// review's field and the server's 400; what the statechart and the modal ask of a review.
import { describe, expect, it } from 'vitest';
import { confirmedMatchSchema, PLD_REASON_MESSAGES, pldReviewSchema, reasonProblem } from '../../../forms/contracts/pld';
import { matchKey } from '../../../forms/pld';
import { confirmedLists, confirmedTagText, finishAlreadyConfirmed, finishConfirmationMatches, reasonProblems, selectedUsers } from '../../../forms/pld-outcome';

const MATCH = { nombre: 'GUZMAN LOERA, Joaquin', rfc: null, lista: 'OFAC SDN', id: 'OFAC SDN:1', persona: 'CARLOS' };
const SAT = { nombre: 'CONSORCIO KATEL', rfc: 'CKA131218FBA', lista: 'SAT 69-B', id: 'SAT 69-B:1' };
const empty = { pf: [], pm: [], legalRepresentative: [], accionistas: [], guarantees: [], guaranteeRepresentatives: [], HeritageBond: [] };

describe('the reason of a confirmation', () => {
  it.each([
    ['', PLD_REASON_MESSAGES.required],
    ['   \n ', PLD_REASON_MESSAGES.required],
    ['x'.repeat(1001), PLD_REASON_MESSAGES.max],
    ['Misma fecha de nacimiento.', null],
    ['x'.repeat(1000), null],
  ])('%j → %s', (text, message) => expect(reasonProblem(text)).toBe(message));

  it('the server refuses a confirmed match without it, naming where, with the same message', () => {
    expect(() => confirmedMatchSchema.validateSync(MATCH)).toThrow();
    const review = { coincidencias_validadas: true, validar_coincidencias: false, validar_coincidencias_tipo: 'client', users: { pf: [MATCH] }, revisadas: [] };
    try {
      pldReviewSchema.validateSync(review);
      expect.unreachable();
    } catch (error) {
      expect((error as { message: unknown }).message).toEqual({ code: 'invalid_pld', message: `La revisión PLD no es válida: users.pf[0].motivo: ${PLD_REASON_MESSAGES.required}` });
    }
    expect(pldReviewSchema.validateSync({ ...review, users: { pf: [{ ...MATCH, motivo: 'Mismo pasaporte.' }] } }).users.pf?.[0]?.motivo).toBe('Mismo pasaporte.');
  });
});

describe('what a review confirmed', () => {
  const groups = { ...empty, pf: [MATCH, SAT] };

  it('a ticked match without its reason is a problem, keyed as the modal shows it; once written, it is saved with it', () => {
    expect(reasonProblems({ groups, selected: ['pf:0'], reasons: {} })).toEqual({ 'pf:0': PLD_REASON_MESSAGES.required });
    const reasons = { [matchKey('pf', MATCH)]: 'Mismo pasaporte.' };
    expect(reasonProblems({ groups, selected: ['pf:0'], reasons })).toEqual({});
    expect(selectedUsers({ groups, selected: ['pf:0'], reasons })).toEqual({ pf: [{ ...MATCH, motivo: 'Mismo pasaporte.' }] });
  });

  it('names the lists of the confirmed matches; only OFAC SDN and ONU ask an Analista at the finish, until that finish recorded them', () => {
    const review = { users: { pf: [MATCH, SAT] } };
    expect(confirmedLists(review)).toEqual(['OFAC SDN', 'SAT 69-B']);
    expect(confirmedTagText(['OFAC SDN'])).toBe('PLD: coincidencia confirmada (OFAC SDN)');
    expect(finishConfirmationMatches(review).map(({ match }) => match.lista)).toEqual(['OFAC SDN']);
    expect(finishAlreadyConfirmed(review, null)).toBe(false);
    expect(finishAlreadyConfirmed(review, { listas: 'OFAC SDN', por: 'A', por_id: 'staff:1', fecha: '', coincidencias: [matchKey('pf', MATCH)] })).toBe(true);
    expect(finishAlreadyConfirmed({ users: { pf: [SAT] } }, null)).toBe(true);
  });
});
