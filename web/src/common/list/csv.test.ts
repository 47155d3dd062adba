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
    expect(csvCell('+1')).toBe("'+1");
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
