// Table-driven tests of the pure rules: for every rule at least one value that passes and one that
// fails with its exact message.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../forms/messages';
import { checkAmount, checkNumber, checkPercentage, EMPLOYEES_RULE, percentagesTotal100, YEARS_KNOWN_RULE } from '../../../forms/rules/amount';
import { checkCurp } from '../../../forms/rules/curp';
import { checkDate, parseTypedDate, todayIsoDate, toIsoDate, toShownDate, yearsAgoIsoDate } from '../../../forms/rules/date';
import { formatTypedDate, typeDate, type TypedDate } from '../../../forms/masks';
import { checkEmail } from '../../../forms/rules/email';
import { housingAmounts } from '../../../forms/rules/housing';
import { deriveNationality } from '../../../forms/rules/nationality';
import { checkExtension, checkPhone } from '../../../forms/rules/phone';
import { checkPostalCode } from '../../../forms/rules/postal-code';
import { checkCompanyRfc, checkPersonRfc } from '../../../forms/rules/rfc';

type Row = [label: string, actual: () => string | null, expected: string | null];

const rows: Row[] = [
  // RFC of a natural person
  ['person RFC matching the birth date', () => checkPersonRfc('GARC850314AB1', '1985-03-14'), null],
  ['person RFC, birth date as a Date', () => checkPersonRfc('GARC850314AB1', new Date(1985, 2, 14)), null],
  ['person RFC, no birth date yet: format only', () => checkPersonRfc('GARC850314AB1'), null],
  ['person RFC with Ñ', () => checkPersonRfc('ÑUÑE850314AB1', '1985-03-14'), null],
  ['person RFC empty', () => checkPersonRfc(''), MESSAGES.required],
  ['person RFC of 12', () => checkPersonRfc('GARC850314AB', '1985-03-14'), MESSAGES.rfcLength13],
  ['person RFC of 14', () => checkPersonRfc('GARC850314AB12', '1985-03-14'), MESSAGES.rfcLength13],
  ['person RFC, other birth date', () => checkPersonRfc('GARC850314AB1', '1985-03-15'), MESSAGES.rfcBirthDateMismatch],
  ['person RFC, three letters', () => checkPersonRfc('GA1C850314AB1'), MESSAGES.rfcBirthDateMismatch],
  ['person RFC, month 13', () => checkPersonRfc('GARC851314AB1'), MESSAGES.rfcBirthDateMismatch],
  ['person RFC, lower case', () => checkPersonRfc('garc850314ab1'), MESSAGES.rfcBirthDateMismatch],
  ['person RFC, symbol in homoclave', () => checkPersonRfc('GARC850314A-1'), MESSAGES.rfcBirthDateMismatch],
  // RFC of a legal entity
  ['company RFC matching the constitution date', () => checkCompanyRfc('IOC100512AB3', '2010-05-12'), null],
  ['company RFC with &', () => checkCompanyRfc('M&M100512AB3', '2010-05-12'), null],
  ['company RFC empty', () => checkCompanyRfc(null), MESSAGES.required],
  ['company RFC of 11', () => checkCompanyRfc('IOC100512AB', '2010-05-12'), MESSAGES.rfcLength12],
  ['company RFC, other date', () => checkCompanyRfc('IOC100512AB3', '2011-05-12'), MESSAGES.rfcConstitutionDateMismatch],
  ['company RFC, four letters', () => checkCompanyRfc('IOCX00512AB3'), MESSAGES.rfcConstitutionDateMismatch],
  // CURP
  ['CURP well formed', () => checkCurp('GARC850314HJCRRL09'), null],
  ['CURP born abroad (NE)', () => checkCurp('GARC850314HNERRL09'), null],
  ['CURP empty', () => checkCurp(undefined), MESSAGES.required],
  ['CURP of 17', () => checkCurp('GARC850314HJCRRL0'), MESSAGES.curpLength],
  ['CURP of 19', () => checkCurp('GARC850314HJCRRL091'), MESSAGES.curpLength],
  ['CURP with an unknown state code', () => checkCurp('GARC850314HXXRRL09'), MESSAGES.curpInvalid],
  ['CURP with sex X', () => checkCurp('GARC850314XJCRRL09'), MESSAGES.curpInvalid],
  ['CURP with 31 February', () => checkCurp('GARC850231HJCRRL09'), MESSAGES.curpInvalid],
  // Phones and extensions
  ['phone 3-3-4', () => checkPhone('331-234-5678', { required: true }), null],
  ['phone digits', () => checkPhone('3312345678', { required: true }), null],
  ['required phone empty', () => checkPhone('', { required: true }), MESSAGES.required],
  ['optional phone empty', () => checkPhone('', { required: false }), null],
  ['phone of 9 digits', () => checkPhone('331-234-567', { required: false }), MESSAGES.phoneLength],
  ['phone of 11 digits', () => checkPhone('33123456789', { required: true }), MESSAGES.phoneLength],
  ['phone with a letter', () => checkPhone('331-234-567A', { required: true }), MESSAGES.phoneLength],
  ['phone starting with 0 (an old prefix kept)', () => checkPhone('013-312-3456', { required: true }), MESSAGES.phoneFirstDigit],
  ['optional phone starting with 1', () => checkPhone('1331234567', { required: false }), MESSAGES.phoneFirstDigit],
  ['phone of 9 digits starting with 0: its length first', () => checkPhone('013-312-345', { required: true }), MESSAGES.phoneLength],
  ['extension of 9 digits', () => checkExtension('123456789'), null],
  ['extension empty', () => checkExtension(''), null],
  ['extension of 10 digits', () => checkExtension('1234567890'), '¡Número inválido, el valor máximo permitido es: 999999999!'],
  ['extension with a letter', () => checkExtension('12a'), MESSAGES.invalidNumber],
  // Postal codes
  ['postal code of 5 digits', () => checkPostalCode('44100'), null],
  ['postal code with neighbourhoods found', () => checkPostalCode('44100', [{ colonia: 'Centro' }]), null],
  ['postal code empty', () => checkPostalCode(''), MESSAGES.required],
  ['postal code of 4 digits', () => checkPostalCode('4410'), MESSAGES.postalCodeInvalid],
  ['postal code with a letter', () => checkPostalCode('4410A'), MESSAGES.postalCodeInvalid],
  ['postal code with no neighbourhood', () => checkPostalCode('00000', []), MESSAGES.postalCodeNotFound],
  // Amounts, percentages, years known, employees
  ['amount 0', () => checkAmount(0), null],
  ['amount at the maximum', () => checkAmount(9999999999.99), null],
  ['amount typed as text', () => checkAmount('1234.5'), null],
  ['optional amount empty', () => checkAmount(null), null],
  ['required amount empty', () => checkAmount('', true), MESSAGES.required],
  ['amount one cent over', () => checkAmount(10000000000), '¡Número inválido, el valor máximo permitido es: 9999999999.99!'],
  ['amount with 3 decimals', () => checkAmount('10.125'), MESSAGES.invalidNumber],
  ['negative amount', () => checkAmount(-1), MESSAGES.invalidNumber],
  ['amount as words', () => checkAmount('mil'), MESSAGES.invalidNumber],
  ['percentage 99', () => checkPercentage(99), null],
  ['percentage 99.01', () => checkPercentage(99.01), '¡Número inválido, el valor máximo permitido es: 99!'],
  ['percentage with 3 decimals', () => checkPercentage(10.555), MESSAGES.invalidNumber],
  ['years known 99', () => checkNumber(99, { ...YEARS_KNOWN_RULE, required: true }), null],
  ['years known 100', () => checkNumber(100, { ...YEARS_KNOWN_RULE, required: true }), '¡Número inválido, el valor máximo permitido es: 99!'],
  ['employees 99999', () => checkNumber(99999, { ...EMPLOYEES_RULE, required: true }), null],
  ['employees 100000', () => checkNumber(100000, { ...EMPLOYEES_RULE, required: true }), '¡Número inválido, el valor máximo permitido es: 99999!'],
  ['employees 1.5', () => checkNumber(1.5, { ...EMPLOYEES_RULE, required: true }), MESSAGES.invalidNumber],
  // E-mail
  ['e-mail', () => checkEmail('ana.lopez@example.com.mx'), null],
  ['e-mail empty', () => checkEmail(''), MESSAGES.required],
  ['e-mail with ñ', () => checkEmail('ana.muñoz@example.com'), MESSAGES.invalidEmail],
  ['e-mail with Ñ, legal entity', () => checkEmail('MUÑOZ@example.com', MESSAGES.invalidEmailMoral), MESSAGES.invalidEmailMoral],
  ['e-mail without domain', () => checkEmail('ana@'), MESSAGES.invalidEmail],
  // 'contacto@ñandú.mx' as a browser's e-mail input sends it.
  ['e-mail with a domain in punycode', () => checkEmail('contacto@xn--and-6ma2c.mx'), MESSAGES.invalidEmail],
  ['e-mail with a subdomain in punycode', () => checkEmail('ana@correo.XN--and-6ma2c.mx', MESSAGES.invalidEmailMoral), MESSAGES.invalidEmailMoral],
  ['e-mail whose name starts like punycode', () => checkEmail('xn--ana@example.com'), null],
  ['e-mail of 100 characters', () => checkEmail(`${'a'.repeat(88)}@example.com`), '¡El texto no debe exceder 99 caracteres!'],
  // Dates
  ['date as YYYY-MM-DD', () => checkDate('2024-02-29', { required: true }), null],
  ['date as a Date', () => checkDate(new Date(2020, 0, 1), { required: true }), null],
  ['date empty', () => checkDate(null, { required: true }), MESSAGES.required],
  ['date 2023-02-29', () => checkDate('2023-02-29', { required: true }), MESSAGES.invalidDate],
  ['date in another format', () => checkDate('14/03/1985', { required: true }), MESSAGES.invalidDate],
  ['date 1900-01-01', () => checkDate('1900-01-01', { required: true }), null],
  ['date 1899-12-31', () => checkDate('1899-12-31', { required: true }), MESSAGES.invalidDate],
  ['date today', () => checkDate(todayIsoDate(), { required: true }), null],
  ['date tomorrow', () => checkDate(toIsoDate(new Date(Date.now() + 86_400_000)), { required: true }), MESSAGES.invalidDate],
];

describe('rules', () => {
  it.each(rows)('%s', (_label, actual, expected) => {
    expect(actual()).toBe(expected);
  });
});

describe('derived values', () => {
  it('nationality follows the country of birth', () => {
    expect(deriveNationality({ clave: 'MX' })).toBe('Mexicana');
    expect(deriveNationality({ clave: 'US' })).toBe('Extranjera');
    expect(deriveNationality(null)).toBe('');
  });

  it('housing type decides which amounts are shown and required', () => {
    expect(housingAmounts('Propia')).toEqual({
      vivienda_valor_aproximado: { shown: true, required: true },
      vivienda_valor_hipoteca_mensual: { shown: false, required: false },
      vivienda_valor_renta_mensual: { shown: false, required: false },
    });
    expect(housingAmounts('Hipoteca').vivienda_valor_hipoteca_mensual).toEqual({ shown: true, required: true });
    expect(housingAmounts('Rentada').vivienda_valor_aproximado).toEqual({ shown: false, required: false });
    expect(housingAmounts('Rentada').vivienda_valor_renta_mensual).toEqual({ shown: true, required: true });
    expect(housingAmounts('Otros').vivienda_valor_aproximado).toEqual({ shown: true, required: false });
    expect(housingAmounts('Padres/Familia').vivienda_valor_aproximado).toEqual({ shown: true, required: true });
  });

  it('shareholder percentages must add up to exactly 100', () => {
    expect(percentagesTotal100([40, 35.5, '24.5'])).toBe(true);
    expect(percentagesTotal100([33.33, 33.33, 33.33])).toBe(false);
    expect(percentagesTotal100([])).toBe(false);
  });

  it('dates are written as YYYY-MM-DD', () => {
    expect(toIsoDate(new Date(1985, 2, 14))).toBe('1985-03-14');
    expect(toIsoDate('1985-03-14T06:00:00.000Z')).toBe('1985-03-14');
    expect(toIsoDate('')).toBe('');
  });

  it('a day some years ago keeps its month, 29 February falling back to the 28th', () => {
    expect(yearsAgoIsoDate(18, new Date(2026, 10, 27))).toBe('2008-11-27');
    expect(yearsAgoIsoDate(18, new Date(2024, 1, 29))).toBe('2006-02-28');
    expect(yearsAgoIsoDate(4, new Date(2024, 1, 29))).toBe('2020-02-29');
  });

  it('dates are typed as d/m/aaaa and shown as dd/mm/aaaa', () => {
    expect(parseTypedDate('14/03/1985')).toEqual({ year: 1985, month: 3, day: 14 });
    expect(parseTypedDate('1/2/1990')).toEqual({ year: 1990, month: 2, day: 1 });
    expect(parseTypedDate('31/02/1990')).toBeNull();
    expect(parseTypedDate('14/03/85')).toBeNull();
    expect(parseTypedDate('1990-2-1')).toEqual({ year: 1990, month: 2, day: 1 });
    expect(parseTypedDate('1990-02-31')).toBeNull();
    expect(toShownDate('1985-03-14')).toBe('14/03/1985');
    expect(toShownDate('31/02/1990')).toBe('');
  });

  it.each([
    ['31', '31'],
    ['310', '31/0'],
    ['31021990', '31/02/1990'],
    ['31/02/1990', '31/02/1990'],
    ['310219901', '31/02/1990'],
    ['1/2/1990', '1/2/1990'],
    ['14-03.1985', '14/03/1985'],
    ['31/', '31/'],
    ['31//', '31/'],
    ['/3a1', '31'],
    ['31/021990', '31/02/1990'],
    ['1985-03-14', '14/03/1985'],
    // Year first, once it starts with four digits and '-'.
    ['1985-', '1985-'],
    ['1985-0', '1985-0'],
    ['1985-031', '1985-03-1'],
    ['1985-3-', '1985-3-'],
    ['1985-03-141', '14/03/1985'],
    ['1985--', '1985-'],
  ])('a date typed as %j shows as %j', (typed, shown) => {
    expect(formatTypedDate(typed)).toBe(shown);
  });

  /** The field's text after each key ('⌫' deletes the last character) or paste, from an empty field or `from`. */
  const typing = (edits: string[], from: TypedDate = { text: '', separatorTyped: true }) =>
    edits.reduce((shown, edit) => typeDate(shown, edit === '⌫' ? shown.text.slice(0, -1) : shown.text + edit), from).text;
  const keys = (text: string) => [...text];

  it('a dash after four digits typed alone turns the date year first; after a separator typed or pasted, it does not', () => {
    expect(typing(keys('2015-'))).toBe('2015-');
    expect(typing(keys('2015-02-01'))).toBe('01/02/2015');
    expect(typing(keys('20/11-'))).toBe('20/11/');
    expect(typing(keys('201-'))).toBe('20/1/');
    expect(typing(keys('20150'))).toBe('20/15/0');
    // Pasted: its separators are the person's.
    expect(typing(['20-11', '-'])).toBe('20/11/');
    expect(typing(['2011', '-'])).toBe('2011-');
  });

  it('a space typed closes a part as a slash does; spaces before a paste are dropped', () => {
    expect(typing(keys('1 2 1990'))).toBe('1/2/1990');
    expect(typing(keys('2015 '))).toBe('20/15/');
    expect(typing(['2015 ', '-'])).toBe('2015-');
    expect(typing([' 2015', '-'])).toBe('2015-');
  });

  it('the rest of a year-first date pasted after four digits typed goes year first', () => {
    expect(typing([...keys('2015'), '-02-01'])).toBe('01/02/2015');
  });

  it('a date finished year first and cut back to dd/mm goes on day first', () => {
    expect(typing([...keys('2015-02-01'), '⌫', '⌫', '⌫', '⌫', '⌫', '-'])).toBe('01/02/');
  });

  it('a dash deleted and typed again after a year turns it year first again', () => {
    expect(typing([...keys('2015-'), '⌫', '-'])).toBe('2015-');
    expect(typing([...keys('2015-'), '⌫', '⌫', '5', '-'])).toBe('2015-');
  });

  it('a date the field showed from its value keeps its slashes as typed: cut back to dd/mm, a dash goes on day first', () => {
    const shownFromValue = { text: '14/03/1990', separatorTyped: true };
    expect(typing(['⌫', '⌫', '⌫', '⌫', '⌫', '-'], shownFromValue)).toBe('14/03/');
    // Emptied, it starts afresh.
    expect(typing([...Array(10).fill('⌫'), ...keys('2015-')], shownFromValue)).toBe('2015-');
  });

  it.each([
    ['2015/02/01', '01/02/2015'],
    ['2015.02.01', '01/02/2015'],
    ['2015 02 01', '01/02/2015'],
    ['2015/2/1', '2015-2-1'],
    ['  14/03/1985', '14/03/1985'],
    [' 1985-03-14 ', '14/03/1985'],
  ])('a date pasted as %j shows as %j', (pasted, shown) => {
    expect(typing([pasted])).toBe(shown);
  });
});
