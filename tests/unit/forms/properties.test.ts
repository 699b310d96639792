// Property-based tests: generated valid values always pass; generated near-misses (one character
// off, wrong length, date mismatch, one cent over the maximum, 3 decimals) always fail.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../forms/messages';
import { formatPhone, groupAmount, refusesPhoneEdit, stripNumber, stripPhone, typePhone } from '../../../forms/masks';
import { checkAmount } from '../../../forms/rules/amount';
import { checkCurp, readCurp } from '../../../forms/rules/curp';
import { CURP_STATE_CODES } from '../../../forms/rules/curp-states';
import { formatIsoDate, toYymmdd } from '../../../forms/rules/date';
import { checkPhone } from '../../../forms/rules/phone';
import { checkPostalCode } from '../../../forms/rules/postal-code';
import { checkCompanyRfc, checkPersonRfc } from '../../../forms/rules/rfc';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const CONSONANTS = 'BCDFGHJKLMNPQRSTVWXYZ';
const DIGITS = '0123456789';
const ALNUM = LETTERS + DIGITS;

const from = (chars: string, length: number) => fc.array(fc.constantFrom(...chars), { minLength: length, maxLength: length }).map((a) => a.join(''));
const calendarDay = fc.date({ min: new Date(1930, 0, 1), max: new Date(2029, 11, 31), noInvalidDate: true }).map((d) => ({
  year: d.getFullYear(),
  month: d.getMonth() + 1,
  day: d.getDate(),
}));
const otherDay = (day: { year: number; month: number; day: number }) => {
  const next = new Date(day.year, day.month - 1, day.day + 1);
  return { year: next.getFullYear(), month: next.getMonth() + 1, day: next.getDate() };
};

const personRfc = fc.record({ letters: from(LETTERS, 4), day: calendarDay, homoclave: from(ALNUM, 3) });
const companyRfc = fc.record({ letters: from(LETTERS + '&', 3), day: calendarDay, homoclave: from(ALNUM, 3) });
const rfcOf = ({ letters, day, homoclave }: { letters: string; day: Parameters<typeof toYymmdd>[0]; homoclave: string }) =>
  `${letters}${toYymmdd(day)}${homoclave}`;

/** One character replaced by one of the wrong class: a digit among the letters, a letter among the digits, a symbol in the homoclave. */
const breakAt = (value: string, index: number) => {
  const char = value[index];
  const replacement = /[A-ZÑ&]/.test(char) ? '7' : /\d/.test(char) ? 'X' : '-';
  return value.slice(0, index) + (index >= value.length - 3 ? '-' : replacement) + value.slice(index + 1);
};

describe('RFC of 13 (natural person)', () => {
  it('valid RFCs with their birth date always pass', () => {
    fc.assert(fc.property(personRfc, (r) => checkPersonRfc(rfcOf(r), formatIsoDate(r.day)) === null));
  });
  it('one character off always fails with the mismatch message', () => {
    fc.assert(
      fc.property(personRfc, fc.nat(12), (r, i) => checkPersonRfc(breakAt(rfcOf(r), i), formatIsoDate(r.day)) === MESSAGES.rfcBirthDateMismatch),
    );
  });
  it('a wrong length always fails with the length message', () => {
    fc.assert(
      fc.property(personRfc, fc.integer({ min: 1, max: 12 }), fc.boolean(), (r, cut, longer) => {
        const rfc = rfcOf(r);
        const wrong = longer ? rfc + rfc.slice(0, cut) : rfc.slice(0, 13 - cut);
        return checkPersonRfc(wrong, formatIsoDate(r.day)) === MESSAGES.rfcLength13;
      }),
    );
  });
  it('another birth date always fails', () => {
    fc.assert(fc.property(personRfc, (r) => checkPersonRfc(rfcOf(r), formatIsoDate(otherDay(r.day))) === MESSAGES.rfcBirthDateMismatch));
  });
});

describe('RFC of 12 (legal entity)', () => {
  it('valid RFCs with their constitution date always pass', () => {
    fc.assert(fc.property(companyRfc, (r) => checkCompanyRfc(rfcOf(r), formatIsoDate(r.day)) === null));
  });
  it('one character off always fails', () => {
    fc.assert(
      fc.property(companyRfc, fc.nat(11), (r, i) => checkCompanyRfc(breakAt(rfcOf(r), i), formatIsoDate(r.day)) === MESSAGES.rfcConstitutionDateMismatch),
    );
  });
  it('a wrong length always fails', () => {
    fc.assert(fc.property(companyRfc, fc.integer({ min: 1, max: 11 }), (r, cut) => checkCompanyRfc(rfcOf(r).slice(0, 12 - cut)) === MESSAGES.rfcLength12));
  });
  it('another constitution date always fails', () => {
    fc.assert(fc.property(companyRfc, (r) => checkCompanyRfc(rfcOf(r), formatIsoDate(otherDay(r.day))) === MESSAGES.rfcConstitutionDateMismatch));
  });
});

const curp = fc
  .record({
    letters: from(LETTERS, 4),
    day: calendarDay,
    sex: fc.constantFrom('H', 'M'),
    state: fc.constantFrom(...CURP_STATE_CODES),
    consonants: from(CONSONANTS, 3),
    digit: fc.constantFrom(...DIGITS),
  })
  .map(({ letters, day, sex, state, consonants, digit }) => ({
    day,
    sex,
    // Character 17: a digit (or O) for the 1900s, another letter for the 2000s.
    value: `${letters}${toYymmdd(day)}${sex}${state}${consonants}${day.year < 2000 ? digit : 'A'}${digit}`,
  }));

describe('CURP', () => {
  it('valid CURPs always pass and give back their sex and birth date', () => {
    fc.assert(
      fc.property(curp, ({ value, day, sex }) => {
        const facts = readCurp(value);
        return checkCurp(value) === null && facts?.fecha_nacimiento === formatIsoDate(day) && facts.sexo === (sex === 'H' ? 'Masculino' : 'Femenino');
      }),
    );
  });
  it('one character off always fails', () => {
    fc.assert(fc.property(curp, fc.nat(17), ({ value }, i) => checkCurp(breakAt(value, i)) === MESSAGES.curpInvalid));
  });
  it('a wrong length always fails with the length message', () => {
    fc.assert(
      fc.property(curp, fc.integer({ min: 1, max: 17 }), fc.boolean(), ({ value }, cut, longer) =>
        checkCurp(longer ? value + value.slice(0, cut) : value.slice(0, 18 - cut)) === MESSAGES.curpLength,
      ),
    );
  });
});

const phoneDigits = from(DIGITS, 10);
/** Keys typed one at a time at the end of the phone field, as typePhone takes them. */
const typedAtEnd = (keys: string) =>
  [...keys].reduce((shown, key) => typePhone(shown, { text: shown + key, caret: shown.length + 1, inputType: 'insertText' }).text, '');

describe('phone', () => {
  // A Mexican number starts with its area code, never with 0 or 1.
  const nationalNumber = fc.tuple(from('23456789', 1), from(DIGITS, 9)).map(([first, rest]) => first + rest);
  it('10 digits from 2 to 9 always pass, with or without the 3-3-4 dashes; from 0 or 1 never', () => {
    fc.assert(fc.property(nationalNumber, (digits) => checkPhone(digits, { required: true }) === null && checkPhone(formatPhone(digits), { required: true }) === null));
    fc.assert(fc.property(phoneDigits, fc.constantFrom('0', '1'), (digits, first) => checkPhone(first + digits.slice(1), { required: false }) === MESSAGES.phoneFirstDigit));
  });
  it('a number pasted with the country code keeps its 10 national digits', () => {
    fc.assert(
      fc.property(nationalNumber, fc.constantFrom('+52 ', '+52 1 ', '52 ', '52 1 ', '+52', '521'), (digits, code) => formatPhone(code + digits) === formatPhone(digits)),
    );
    // Without it, the first 10 digits, as typed.
    expect(formatPhone('33 1234 5678 99')).toBe('331-234-5678');
  });
  it('a number pasted with an old dialling prefix (01, 044, 045) keeps its 10 national digits', () => {
    fc.assert(fc.property(nationalNumber, fc.constantFrom('01 ', '01', '044 ', '045', '(01) '), (digits, prefix) => formatPhone(prefix + digits) === formatPhone(digits)));
    // A digit short, the prefix is not told from a number typed from 0: its first 10 digits stay, refused for their first.
    expect(formatPhone('01 33 1234 567')).toBe('013-312-3456');
    expect(checkPhone(formatPhone('01 33 1234 567'), { required: true })).toBe(MESSAGES.phoneFirstDigit);
  });
  it('a number pasted with the country code and a digit short stays short, whatever its prefix', () => {
    fc.assert(
      fc.property(nationalNumber, fc.constantFrom('+52 ', '+52 1 ', '52 1 ', '521', '(+52) ', 'Tel: +52 '), (digits, code) => {
        const shown = formatPhone(code + digits.slice(0, 9));
        return stripPhone(shown) === digits.slice(0, 9) && checkPhone(stripPhone(shown), { required: true }) === MESSAGES.phoneLength;
      }),
    );
  });
  it('a number typed one key at a time after +52 keeps its 10 national digits, the code shown until the number starts', () => {
    /** Each key typed at the end as the field takes it: refused past 10 digits (refusesPhoneEdit), else formatted. */
    const typed = typedAtEnd;
    fc.assert(fc.property(nationalNumber, fc.constantFrom(' ', '', '-'), (digits, gap) => typed(`+52${gap}${digits}`) === formatPhone(digits)));
    expect(['+', '+5', '+52', '+52 '].map(typed)).toEqual(['+', '+5', '+52', '+52']);
    expect(typed('+52 33 1234 5678')).toBe('331-234-5678');
    // The old mobile prefix after the code goes with it.
    fc.assert(fc.property(nationalNumber, fc.constantFrom(' ', ''), (digits, gap) => typed(`+52${gap}1${gap}${digits}`) === formatPhone(digits)));
    expect(['+52 1', '+52 1 3'].map(typed)).toEqual(['+52 1', '3']);
    // Another country's code is not Mexico's: its digits stay, as typed.
    expect(typed('+1 333')).toBe('133-3');
  });
  it('a number typed one key at a time with the country code and no + ends as its 10 national digits, and a digit more is never taken in silence', () => {
    const typed = typedAtEnd;
    // '52 33…' and '52 1 33…' lose the code once the number is whole. Their 10th key shows a 3-3-4 number
    // (a number may start with 52), but the 11th does not stop there: it shows the digits as typed.
    fc.assert(fc.property(nationalNumber, fc.constantFrom('52', '521'), (digits, code) => typed(code + digits) === formatPhone(digits)));
    expect(typed('5215512345678')).toBe('551-234-5678');
    expect(typed('52155123456')).toBe('52155123456');
    expect(checkPhone(stripPhone(typed('52155123456')), { required: true })).toBe(MESSAGES.phoneLength);
    // A whole number that does not start with the code takes no 11th digit at its end.
    fc.assert(fc.property(nationalNumber, fc.constantFrom(...DIGITS), (digits, extra) => digits.startsWith('52') || typed(digits + extra) === formatPhone(digits)));
  });
  it('a digit typed or pasted inside a whole number, or before it, is refused, whatever the number starts with', () => {
    fc.assert(
      fc.property(nationalNumber, fc.nat(9), fc.constantFrom(...DIGITS), (digits, at, extra) => {
        const shown = formatPhone(digits);
        // At a position of the shown text before its end (dashes included): never the end.
        const cut = Math.min(at + Math.floor(at / 3), shown.length - 1);
        return refusesPhoneEdit(shown, shown.slice(0, cut) + extra + shown.slice(cut));
      }),
    );
    // The review's case: '5' typed before 222-123-4567, then '2' at the end, would have stored 221-234-5672.
    expect(refusesPhoneEdit('222-123-4567', '5222-123-4567')).toBe(true);
    // Appended after digits from 52, as the code typed without '+': taken; and a digit typed over another there.
    expect(refusesPhoneEdit('521-551-2345', '521-551-23456')).toBe(false);
    expect(refusesPhoneEdit('52155123457', '52155123456')).toBe(false);
    // Unless it takes the 52 away: the 11th digit would go.
    expect(refusesPhoneEdit('52155123457', '32155123457')).toBe(true);
  });
  it('shows its own text unchanged: what the field shows, formatted again, is the same', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'+0123456789 -().a'), maxLength: 16 }), (text) => formatPhone(formatPhone(text)) === formatPhone(text)));
  });
  // Where the caret is after a key: typePhone's, or the end of the text where it leaves it to the browser.
  const caretOf = (next: { text: string; caret: number | null }) => next.caret ?? next.text.length;
  /** The position in `shown` just after its `count`-th digit. */
  const afterDigit = (shown: string, count: number) => (count === 0 ? 0 : [...shown].findIndex((_, i) => digitsBefore(shown, i + 1) === count) + 1);
  const digitsBefore = (text: string, at: number) => text.slice(0, at).replace(/\D/g, '').length;
  const partialNumber = fc.tuple(from('23456789', 1), fc.integer({ min: 0, max: 8 }).chain((n) => from(DIGITS, n))).map(([first, rest]) => first + rest);
  it('a digit typed inside a number not yet whole goes where it was typed, and the caret stays just after it', () => {
    fc.assert(
      fc.property(partialNumber, fc.nat(9), fc.constantFrom(...DIGITS), (digits, at, extra) => {
        const shown = formatPhone(digits);
        const k = Math.min(at, digits.length);
        const cut = afterDigit(shown, k);
        const next = typePhone(shown, { text: shown.slice(0, cut) + extra + shown.slice(cut), caret: cut + 1, inputType: 'insertText' });
        return stripPhone(next.text) === digits.slice(0, k) + extra + digits.slice(k) && digitsBefore(next.text, caretOf(next)) === k + 1 && /\d/.test(next.text[caretOf(next) - 1]!);
      }),
    );
  });
  it('Backspace takes the digit before the caret, a dash there too, and Delete the one after it; the caret stays between the same digits', () => {
    fc.assert(
      fc.property(nationalNumber, fc.integer({ min: 1, max: 10 }), fc.nat(12), fc.boolean(), (number, length, at, backward) => {
        const digits = number.slice(0, length);
        const shown = formatPhone(digits);
        const caret = backward ? 1 + (at % shown.length) : at % shown.length;
        const text = backward ? shown.slice(0, caret - 1) + shown.slice(caret) : shown.slice(0, caret) + shown.slice(caret + 1);
        const next = typePhone(shown, { text, caret: backward ? caret - 1 : caret, inputType: backward ? 'deleteContentBackward' : 'deleteContentForward' });
        // The digit taken: the last one before the caret, or the first one after it.
        const taken = backward ? digitsBefore(shown, caret) - 1 : digitsBefore(shown, caret);
        const left = digits.slice(0, taken) + digits.slice(taken + 1);
        return stripPhone(next.text) === left && digitsBefore(next.text, caretOf(next)) === taken;
      }),
    );
    expect(typePhone('222-123-4567', { text: '222-1234567', caret: 7, inputType: 'deleteContentBackward' })).toEqual({ text: '222-124-567', caret: 6 });
  });
  it('a key the mask drops, or one that would push a digit out, changes nothing and leaves the caret where it was', () => {
    // Dropped: the caret stays after the digits it was after.
    expect(typePhone('331-2', { text: '331-a2', caret: 5, inputType: 'insertText' })).toEqual({ text: '331-2', caret: 3 });
    expect(typePhone('222-123-4567', { text: '5222-123-4567', caret: 1, inputType: 'insertText' })).toEqual({ text: '222-123-4567', caret: 0 });
    // A dash selected and typed over in a whole number: the caret goes back to where the selection began.
    expect(typePhone('222-123-4567', { text: '2229123-4567', caret: 4, inputType: 'insertText' })).toEqual({ text: '222-123-4567', caret: 3 });
    fc.assert(
      fc.property(nationalNumber, fc.nat(11), fc.constantFrom(...DIGITS), (digits, at, extra) => {
        const shown = formatPhone(digits);
        const cut = Math.min(at, shown.length - 1);
        return fc.stringify(typePhone(shown, { text: shown.slice(0, cut) + extra + shown.slice(cut), caret: cut + 1, inputType: 'insertText' })) === fc.stringify({ text: shown, caret: cut });
      }),
    );
  });
  it('a digit more or less, or a letter, always fails', () => {
    fc.assert(
      fc.property(phoneDigits, fc.nat(9), fc.constantFrom('drop', 'add', 'letter'), (digits, i, how) => {
        const wrong = how === 'drop' ? digits.slice(0, i) + digits.slice(i + 1) : how === 'add' ? digits + digits[i] : digits.slice(0, i) + 'A' + digits.slice(i + 1);
        return checkPhone(wrong, { required: true }) === MESSAGES.phoneLength;
      }),
    );
  });
});

const postalCode = from(DIGITS, 5);

describe('postal code', () => {
  it('5 digits always pass', () => {
    fc.assert(fc.property(postalCode, (cp) => checkPostalCode(cp) === null));
  });
  it('a digit more or less, or a letter, always fails', () => {
    fc.assert(
      fc.property(postalCode, fc.nat(4), fc.constantFrom('drop', 'add', 'letter'), (cp, i, how) => {
        const wrong = how === 'drop' ? cp.slice(0, i) + cp.slice(i + 1) : how === 'add' ? cp + cp[i] : cp.slice(0, i) + 'A' + cp.slice(i + 1);
        return checkPostalCode(wrong) === MESSAGES.postalCodeInvalid;
      }),
    );
  });
});

const MAX_CENTS = 999_999_999_999;
const cents = fc.integer({ min: 0, max: MAX_CENTS });
const asText = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

describe('amounts', () => {
  it('0 to 9999999999.99 with 2 decimals always pass, as numbers or text', () => {
    fc.assert(fc.property(cents, (c) => checkAmount(asText(c)) === null && checkAmount(Number(asText(c))) === null));
  });
  it('one cent or more over the maximum always fails with the filled-in message', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_CENTS + 1, max: MAX_CENTS * 10 }), (c) =>
        checkAmount(asText(c)) === '¡Número inválido, el valor máximo permitido es: 9999999999.99!',
      ),
    );
    expect(checkAmount(10000000000.0)).toBe('¡Número inválido, el valor máximo permitido es: 9999999999.99!');
  });
  it('3 decimals always fail', () => {
    fc.assert(fc.property(cents, fc.integer({ min: 1, max: 9 }), (c, extra) => checkAmount(`${asText(c)}${extra}`) === MESSAGES.invalidNumber));
  });
  it('shown grouped by thousands, an amount reads back as the same number', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const shown = groupAmount(asText(c));
        return /^\d{1,3}(,\d{3})*\.\d{2}$/.test(shown) && Number(stripNumber(shown)) === Number(asText(c));
      }),
    );
    expect(groupAmount('1250000.5')).toBe('1,250,000.50');
    expect(groupAmount(9999999999.99)).toBe('9,999,999,999.99');
    for (const asTyped of ['', '12.', '12.345', '-5', 'abc']) expect(groupAmount(asTyped)).toBe(asTyped);
  });
});
