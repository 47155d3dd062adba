import { describe, expect, it } from 'vitest';
import { OfficeFormSchema } from './OfficeDialog';

const canSave = (values: Record<string, unknown>) => OfficeFormSchema.safeParse(values).success;

describe('office popup', () => {
  it('saves only with a name and a street, and a pin of at least 1 when one is typed', () => {
    expect(canSave({ name: 'Dubai', street: '' })).toBe(false);
    expect(canSave({ name: ' ', street: 'Road 1' })).toBe(false);
    expect(canSave({ name: 'Dubai', street: 'Road 1', pin: null })).toBe(true);
    expect(canSave({ name: 'Dubai', street: 'Road 1', pin: 12 })).toBe(true);
    expect(canSave({ name: 'Dubai', street: 'Road 1', pin: 0 })).toBe(false);
    expect(canSave({ name: 'Dubai', street: 'Road 1', pin: 1.5 })).toBe(false);
  });
});
