import { describe, expect, it } from 'vitest';
import { neutralizeCsvCell } from './csv-cells';

describe('neutralizeCsvCell', () => {
  it('quotes what a spreadsheet would run, including behind whitespace and control characters', () => {
    for (const cell of [
      '=1+1',
      '+15125550100',
      '-2',
      '@SUM(A1)',
      '\t=cmd',
      '\r=cmd',
      '\n=cmd',
      ' =HYPERLINK("http://x")',
      '  @x',
      '\tplain',
      '\rplain',
      '\nplain',
    ]) {
      expect(neutralizeCsvCell(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves ordinary text alone', () => {
    for (const cell of ['Ada Lovelace', 'a=b', '5125550100', '', ' padded name', 'x-y'])
      expect(neutralizeCsvCell(cell)).toBe(cell);
  });
});
