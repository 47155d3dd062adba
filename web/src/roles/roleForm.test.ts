import { describe, expect, it } from 'vitest';
import type { RoleRow } from '@portal/contracts';
import { baseRoleChoices, canSaveRole, formValuesOf, licenceError, type RoleFormValues, toRoleBody } from './roleForm';

const clientRole: RoleRow = {
  id: 7,
  objectType: 'ROLE',
  name: 'CLIENT-USER',
  acronymCode: 'CU',
  description: null,
  type: 0,
  baseRole: 'CLIENT-USER',
  namespace: 'Demo Inspections',
  tenantId: 2,
  status: 1,
  createdDate: '',
  modifiedDate: '',
  metaKey: 'licence',
  metaValue: JSON.stringify([{ clientId: 3, clientName: 'Acme', clientLicense: -1, isAllUserActive: false }]),
  can: { edit: true, delete: true, licences: true },
};

describe('role form', () => {
  it('offers the base roles of the chosen type, also when the radio answers text', () => {
    expect(baseRoleChoices('').length).toBe(0);
    expect(baseRoleChoices('0').map((c) => c.id)).toEqual(['CLIENT-ADMIN', 'CLIENT-USER', 'SITE-USER', 'REQUESTER']);
    expect(baseRoleChoices(1).map((c) => c.id)).toContain('SCHEDULER');
  });

  it('needs a name, and on create a type and a base role', () => {
    const values: Partial<RoleFormValues> = { name: 'Inspector', type: '', baseRole: '', licences: [] };
    expect(canSaveRole(values, false)).toBe(false);
    expect(canSaveRole({ ...values, type: 1, baseRole: 'FIELD-ENGG' }, false)).toBe(true);
    expect(canSaveRole({ ...values, name: '  ' }, true)).toBe(false);
    expect(canSaveRole(values, true)).toBe(true);
  });

  it('takes whole licence counts from -1 (unlimited) up', () => {
    expect(licenceError(-1)).toBeUndefined();
    expect(licenceError('12')).toBeUndefined();
    expect(licenceError('-2')).toBe('At least -1');
    expect(licenceError('1.5')).toBe('Whole number');
    expect(licenceError('')).toBe('Required');
    expect(
      canSaveRole(
        { ...formValuesOf(clientRole), licences: [{ clientId: 3, clientName: 'Acme', clientLicense: '-3', isAllUserActive: false }] },
        true,
      ),
    ).toBe(false);
  });

  it('sends type and base role on create only, and licences only when asked to', () => {
    const values = formValuesOf(clientRole);
    values.licences[0].clientLicense = '5';
    expect(toRoleBody(values, clientRole, true)).toEqual({
      id: 7,
      name: 'CLIENT-USER',
      acronymCode: 'CU',
      description: '',
      metaValue: [{ clientId: 3, clientLicense: 5, isAllUserActive: false }],
    });
    expect(toRoleBody(values, clientRole, false)).not.toHaveProperty('metaValue');
    const created = toRoleBody({ ...values, type: '0' as unknown as number, baseRole: 'SITE-USER', licences: [] }, null, false);
    expect(created).toMatchObject({ type: 0, baseRole: 'SITE-USER' });
    expect(created).not.toHaveProperty('id');
  });
});
