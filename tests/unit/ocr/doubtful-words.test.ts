// A name or street holding a word tesseract was unsure of is filled, but marked for the person to
// confirm: the dropped accent of 'GOMEZ' (read at 88 where the card says GÓMEZ) is not filled silently.
import { describe, expect, it } from 'vitest';
import type { OcrResult } from '../../../forms/contracts/documents';
import { NOTICES } from '../../../forms/messages';
import { markDoubtfulWords } from '../../../server/ocr/ocr-engine';

const result: OcrResult = {
  template: 'INE',
  data: { apellido_paterno: 'MUÑOZ', apellido_materno: 'GOMEZ', nombre: 'JOSÉ ÁNGEL', curp: 'MUGA850314HDFXMN04', calle: 'AV. PASEO DE LA REFORMA 222' },
  uncertain: [],
  message: NOTICES.ocrSuccess,
};

describe('doubtful words', () => {
  it('marks the free-text fields that hold a word read below 90, and only those', () => {
    const words = [
      { text: 'MUÑOZ', confidence: 96 },
      { text: 'GOMEZ', confidence: 88 },
      { text: 'MUGA850314HDFXMN04', confidence: 40 },
      { text: 'REFORMA', confidence: 95 },
    ];
    // The CURP's low confidence does not matter: its structure and check digit vouch for it.
    expect(markDoubtfulWords(result, words).uncertain).toEqual(['apellido_materno']);
  });

  it('leaves a sure reading and an empty one as they are', () => {
    expect(markDoubtfulWords(result, [{ text: 'GOMEZ', confidence: 96 }]).uncertain).toEqual([]);
    const empty: OcrResult = { template: null, data: 'empty', uncertain: [], message: NOTICES.ocrEmpty };
    expect(markDoubtfulWords(empty, [{ text: 'X', confidence: 10 }])).toBe(empty);
  });
});
