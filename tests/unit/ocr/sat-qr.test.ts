// The RFC in the SAT's QR code: only from the SAT validator's URL, and only when it is a valid RFC.
import { describe, expect, it } from 'vitest';
import { rfcOfSatQr } from '../../../server/ocr/grammars/sat-qr';
import { satQrUrl } from '../../support/documents/constancia';
import { COMPANIES, PEOPLE } from '../../support/documents/people';

describe("the SAT's QR code", () => {
  it("gives the RFC of a person's and a company's Constancia", () => {
    expect(rfcOfSatQr([satQrUrl(PEOPLE[1]!.rfc)])).toBe(PEOPLE[1]!.rfc);
    expect(rfcOfSatQr(['otro código', satQrUrl(COMPANIES[0]!.rfc)])).toBe(COMPANIES[0]!.rfc);
  });

  it('gives nothing for another site, a malformed D3 or an RFC whose check digit fails', () => {
    const rfc = PEOPLE[1]!.rfc;
    expect(rfcOfSatQr([satQrUrl(rfc).replace('siat.sat.gob.mx', 'sat.example.com')])).toBeNull();
    expect(rfcOfSatQr([satQrUrl(rfc).replace('D3=18010234567_', 'D3=')])).toBeNull();
    const wrongDigit = rfc.slice(0, -1) + (rfc.endsWith('1') ? '2' : '1');
    expect(rfcOfSatQr([satQrUrl(wrongDigit)])).toBeNull();
    expect(rfcOfSatQr(['no es una URL'])).toBeNull();
  });
});
