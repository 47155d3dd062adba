import { describe, expect, it } from 'vitest';
import { canSaveOffice } from './OfficeDialog';

describe('office popup', () => {
  it('saves only with a name and a street, and a pin of at least 1 when one is typed', () => {
    expect(canSaveOffice({ name: 'Dubai', street: '' })).toBe(false);
    expect(canSaveOffice({ name: ' ', street: 'Road 1' })).toBe(false);
    expect(canSaveOffice({ name: 'Dubai', street: 'Road 1', pin: null })).toBe(true);
    expect(canSaveOffice({ name: 'Dubai', street: 'Road 1', pin: 12 })).toBe(true);
    expect(canSaveOffice({ name: 'Dubai', street: 'Road 1', pin: 0 })).toBe(false);
    expect(canSaveOffice({ name: 'Dubai', street: 'Road 1', pin: 1.5 })).toBe(false);
  });
});
