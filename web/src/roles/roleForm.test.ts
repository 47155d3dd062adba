import { describe, expect, it } from 'vitest';
import type { RoleRow } from '@portal/contracts';
import { baseRoleChoices, formValuesOf, RoleAddSchema, RoleEditSchema, toRoleBody } from './roleForm';

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

  const refusals = (schema: typeof RoleEditSchema | typeof RoleAddSchema, values: object) => {
    const result = schema.safeParse(values);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('needs a name, and on create a type and a base role (the server’s own schemas)', () => {
    const values = { ...formValuesOf(null), name: 'Inspector' };
    expect(refusals(RoleAddSchema, values)).toEqual({ type: 'Type is required', baseRole: 'Base role is required' });
    expect(refusals(RoleAddSchema, { ...values, type: '1', baseRole: 'FIELD-ENGG' })).toEqual({});
    expect(refusals(RoleEditSchema, { ...values, name: '  ' })).toEqual({ name: 'Name is required' });
    expect(refusals(RoleEditSchema, values)).toEqual({});
  });

  it('takes whole licence counts from -1 (unlimited) up, typed as text', () => {
    const values = formValuesOf(clientRole);
    const withCount = (clientLicense: string) => ({ ...values, licences: [{ ...values.licences[0], clientLicense }] });
    expect(refusals(RoleEditSchema, withCount('-1'))).toEqual({});
    expect(refusals(RoleEditSchema, withCount('12'))).toEqual({});
    expect(refusals(RoleEditSchema, withCount('-2'))).toEqual({
      'licences.0.clientLicense': 'Licence count must be at least -1 (unlimited)',
    });
    expect(refusals(RoleEditSchema, withCount('1.5'))).toEqual({ 'licences.0.clientLicense': 'Licence count must be a whole number' });
    expect(refusals(RoleEditSchema, withCount(''))).toEqual({ 'licences.0.clientLicense': 'Licence count is required' });
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
