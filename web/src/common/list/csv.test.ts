import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+A1')).toBe("'+A1");
    expect(csvCell('+SUM(A1:A9)')).toBe("'+SUM(A1:A9)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('leaves phone numbers as they are: no apostrophe before a leading +', () => {
    expect(csvCell('+968 2444 5555')).toBe('+968 2444 5555');
    expect(csvCell('+1')).toBe('+1');
    expect(csvCell('+971501234567')).toBe('+971501234567');
  });

  it('writes a header and one line per row', () => {
    const csv = toCsv(
      [{ n: 'A', v: 1 }],
      [
        { label: 'Name', value: (r) => r.n },
        { label: 'Value', value: (r) => r.v },
      ],
    );
    expect(csv).toBe('Name,Value\r\nA,1');
  });
});
