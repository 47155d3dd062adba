import { describe, expect, it } from 'vitest';
import { FILES } from '@portal/contracts';
import { sortPick } from './filePick';

const file = (name: string, size = 10) => ({ name, size });

describe('sortPick', () => {
  it('keeps the good files in order and names each refused one with its reason', () => {
    const picked = [file('a.pdf'), file('virus.exe'), file('b.png'), file('big.pdf', 500)];
    const result = sortPick(picked, (f) => (f.name.endsWith('.exe') ? 'only pdf and png files' : f.size > 100 ? 'larger than 1 MB' : null));
    expect(result.accepted.map((f) => f.name)).toEqual(['a.pdf', 'b.png']);
    expect(result.refused).toEqual([
      { name: 'virus.exe', reason: 'only pdf and png files' },
      { name: 'big.pdf', reason: 'larger than 1 MB' },
    ]);
    expect(result.message).toBe('Not added: virus.exe (only pdf and png files); big.pdf (larger than 1 MB)');
  });

  it('refuses what does not fit the room left, and says nothing when all pass', () => {
    const result = sortPick([file('a.png'), file('b.png'), file('c.png')], () => null, 2);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(result.message).toBe(FILES.notAdded([{ name: 'c.png', reason: FILES.reasonCount(2) }]));
    expect(sortPick([file('a.png')], () => null).message).toBeNull();
  });

  it('gives the kept files to the rule, for a total size', () => {
    const total = (kept: readonly { size: number }[]) => kept.reduce((sum, f) => sum + f.size, 0);
    const result = sortPick([file('a', 60), file('b', 60), file('c', 30)], (f, kept) => (total(kept) + f.size > 100 ? 'over' : null));
    expect(result.accepted.map((f) => f.name)).toEqual(['a', 'c']);
  });
});
