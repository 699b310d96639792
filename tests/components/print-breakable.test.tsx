// The packet's table cells: short words (an RFC, a phone number) stay whole, so their column is as
// wide as they are; a long one (an e-mail) may break after its punctuation instead of overflowing the page.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { breakable } from '../../src/print/packet-view';

const cell = (text: string) => render(<table><tbody><tr><td>{breakable(text)}</td></tr></tbody></table>).container.querySelector('td')!;

describe('a packet table cell', () => {
  it('keeps an RFC, a phone number and names whole, with no break point', () => {
    for (const text of ['HESL850720XY9', '5511122233', 'INVERSIONES DEL BAJÍO, S.A. DE C.V.']) {
      const td = cell(text);
      expect(td.textContent).toBe(text);
      expect(td.querySelector('wbr')).toBeNull();
    }
  });

  it('lets an e-mail break after its punctuation, and a long word without any every 16 characters', () => {
    const mail = cell('lucia.hernandez@transruiz.mx');
    expect(mail.textContent).toBe('lucia.hernandez@transruiz.mx');
    expect(mail.innerHTML).toBe('lucia.<wbr>hernandez@<wbr>transruiz.<wbr>mx');
    const word = cell('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(word.innerHTML).toBe('AAAAAAAAAAAAAAAA<wbr>AAAAAAAAAAAAAAAA<wbr>AA');
  });
});
