import { describe, expect, it } from 'vitest';
import { FormDefinition } from '@portal/contracts';
import { attributeChoices, identificationValues, staleFacts } from './identification';

const definition = FormDefinition.parse({
  version: 1,
  fields: [
    { id: 'h', kind: 'heading', label: 'Identification' },
    { id: 'm', kind: 'text', key: 'manufacturer', label: 'Manufacturer' },
    { id: 's', kind: 'text', key: 'makerSerial', label: 'Serial' },
    { id: 's2', kind: 'text', key: 'boomSerial', label: 'Serial' },
    { id: 'y', kind: 'number', key: 'year', label: 'Year of manufacture' },
    { id: 'p', kind: 'photo', key: 'plate', label: 'Data plate photo' },
    { id: 'g', kind: 'signature', key: 'sign', label: 'Owner signature' },
  ],
});

describe('identification mapping (DECISIONS 9)', () => {
  it('offers the printable value fields of the form in order, naming the key of a repeated label', () => {
    expect(attributeChoices(definition)).toEqual([
      { id: 'manufacturer', name: 'Manufacturer' },
      { id: 'makerSerial', name: 'Serial (makerSerial)' },
      { id: 'boomSerial', name: 'Serial (boomSerial)' },
      { id: 'year', name: 'Year of manufacture' },
    ]);
    expect(attributeChoices(undefined)).toEqual([]);
  });

  it('reads the stored mapping as one value per fact, null where unmapped', () => {
    expect(identificationValues({ manufacturer: 'manufacturer', swl: 'swl' })).toEqual({
      manufacturer: 'manufacturer',
      model: null,
      serialNumber: null,
      yearOfManufacture: null,
      swl: 'swl',
    });
    expect(identificationValues(undefined).model).toBeNull();
  });

  it('clears the facts whose attribute the chosen form lacks, nothing while the form loads', () => {
    const values = identificationValues({ manufacturer: 'manufacturer', swl: 'swl' });
    expect(staleFacts(values, new Set(['manufacturer', 'year']))).toEqual(['swl']);
    expect(staleFacts(values, new Set())).toEqual(['manufacturer', 'swl']);
    expect(staleFacts(values, null)).toEqual([]);
  });
});
