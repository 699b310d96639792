// CURP, RFC and clave de elector as the OCR corrects them: by their structure and check digits.
import { describe, expect, it } from 'vitest';
import { curpCheckDigit, hasCurpCheckDigit } from '../../../forms/rules/curp';
import { hasRfcCheckDigit, rfcCheckDigit } from '../../../forms/rules/rfc';
import { correctCurp, correctRfc, findClaveElector } from '../../../server/ocr/identifiers';

describe('check digits (forms/rules)', () => {
  it("RENAPO's published example CURP carries its check digit", () => {
    expect(curpCheckDigit('HEGG560427MVZRRL0')).toBe('4');
    expect(hasCurpCheckDigit('HEGG560427MVZRRL04')).toBe(true);
    expect(hasCurpCheckDigit('HEGG560427MVZRRL05')).toBe(false);
  });

  it("the SAT's own RFC (a company, 12) and a person's (13) carry their homoclave check digit", () => {
    expect(rfcCheckDigit('SAT970701NN')).toBe('3');
    expect(rfcCheckDigit('GODE561231GR')).toBe('8');
    expect(hasRfcCheckDigit('SAT970701NN3')).toBe(true);
    expect(hasRfcCheckDigit('GODE561231GR8')).toBe(true);
    expect(hasRfcCheckDigit('GODE561231GR9')).toBe(false);
  });
});

describe('CURP correction', () => {
  it('puts digits where the date is and letters where the names are (O↔0, I↔1, S↔5, B↔8)', () => {
    expect(correctCurp('HEGG56O427MVZRRLO4')).toEqual({ value: 'HEGG560427MVZRRL04', sure: true });
    expect(correctCurp('HE6G5604Z7MVZRRL0A')).toEqual({ value: 'HEGG560427MVZRRL04', sure: true });
    expect(correctCurp('8EGG560427MVZRRL04')?.value).toBe('BEGG560427MVZRRL04');
  });

  it('reads the differentiator of those born from 2000 as a letter, chosen by the check digit', () => {
    const curp = `PENM031102MJCXXRA${curpCheckDigit('PENM031102MJCXXRA')}`;
    expect(correctCurp(curp)).toEqual({ value: curp, sure: true });
    const withB = `SAOB010919MDFNSRB${curpCheckDigit('SAOB010919MDFNSRB')}`;
    expect(correctCurp(`${withB.slice(0, 16)}8${withB[17]}`)).toEqual({ value: withB, sure: true });
  });

  it('gives a CURP whose check digit fails, but not as sure; refuses what cannot be one', () => {
    expect(correctCurp('HEGG560427MVZRRL07')).toEqual({ value: 'HEGG560427MVZRRL07', sure: false });
    expect(correctCurp('HEGG561327MVZRRL04')).toBeNull();
    expect(correctCurp('HEGG560427MVZRRL0')).toBeNull();
  });
});

describe('RFC correction', () => {
  it('fixes the date and picks the homoclave spelling its check digit confirms', () => {
    expect(correctRfc('GODE56I23IGR8')).toEqual({ value: 'GODE561231GR8', sure: true });
    expect(correctRfc('5AT970701NN3')).toEqual({ value: 'SAT970701NN3', sure: true });
    const rfc = `PAC1011094B${rfcCheckDigit('PAC1011094B')}`;
    expect(correctRfc(rfc.replace('4B', '48'))).toEqual({ value: rfc, sure: true });
  });

  it('an RFC whose check digit fails is given as unsure', () => {
    expect(correctRfc('GODE561231GR9')).toEqual({ value: 'GODE561231GR9', sure: false });
  });
});

describe('clave de elector', () => {
  it('drops a stray character and agrees with the CURP', () => {
    expect(findClaveElector('— PENUMRO03110214M300', 'PENM031102MJCXXRA5')).toEqual({ value: 'PENUMR03110214M300', sure: true });
    expect(findClaveElector('IMNGMAN85031409H100', 'MUGA850314HDFXMN04')).toEqual({ value: 'MNGMAN85031409H100', sure: true });
  });
});
