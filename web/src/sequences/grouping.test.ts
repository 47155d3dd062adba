import { describe, expect, it } from 'vitest';
import type { SequenceRow } from '@portal/contracts';
import { groupSequences } from './grouping';

const row = (id: number, officeName: string, sequenceName: string, divisionName: string | null): SequenceRow => ({
  id,
  officeName,
  sequenceName,
  divisionName,
  officeId: 1,
  divisionId: null,
  sequenceNumber: 0,
  modifiedDate: '2026-01-01T00:00:00.000Z',
});

describe('groupSequences', () => {
  it('groups by office name and sorts by sequence name, then division, within a group', () => {
    const groups = groupSequences([
      row(1, 'Muscat Office', 'JOB', null),
      row(2, 'Dubai Office', 'JOB', null),
      row(3, 'Dubai Office', 'CERTIFICATE', 'MACHINERY'),
      row(4, 'Dubai Office', 'CERTIFICATE', 'LIFTING'),
    ]);
    expect(groups.map((g) => g.officeName)).toEqual(['Dubai Office', 'Muscat Office']);
    expect(groups[0].rows.map((r) => r.id)).toEqual([4, 3, 2]);
    expect(groups[1].rows.map((r) => r.id)).toEqual([1]);
  });
});
