import { describe, expect, it } from 'vitest';
import { UserForm } from '@portal/contracts';
import { formValuesOf, toUserBody } from './userForm';

const valid = (values: Partial<ReturnType<typeof formValuesOf>>) =>
  UserForm.safeParse({ ...formValuesOf(null, { type: 0, companyId: 2 }), ...values });
const messages = (values: Partial<ReturnType<typeof formValuesOf>>) =>
  Object.fromEntries((valid(values).error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('user panel save rule (shell document 5, contracts UserForm)', () => {
  const base = { name: 'A', email: 'a@b.co', roleId: 1, companyId: 2 } as const;
  it('needs name, email, role and company, then a primary office (LO) or client sites (client)', () => {
    expect(valid({ ...base, type: 0 }).success).toBe(false);
    expect(valid({ ...base, type: 0, officeId: 5 }).success).toBe(true);
    expect(valid({ ...base, type: 1, siteIds: [] }).success).toBe(false);
    expect(valid({ ...base, type: 1, siteIds: [9] }).success).toBe(true);
    expect(valid({ ...base, name: ' ', type: 0, officeId: 5 }).success).toBe(false);
    expect(valid({ ...base, companyId: '', type: 0, officeId: 5 }).success).toBe(false);
  });

  it("says what is missing in the server's words", () => {
    expect(messages({ ...base, type: 0 })).toEqual({ officeId: 'Primary Office is required' });
    expect(messages({ ...base, type: 1 })).toEqual({ siteIds: 'Client Sites is required' });
    expect(messages({ ...base, type: 1, companyId: '', siteIds: [9] })).toEqual({ companyId: 'Company is required' });
    expect(messages({ ...base, roleId: '', email: 'a', type: 0, officeId: 5 })).toEqual({
      roleId: 'Role is required',
      email: 'Email is not a valid address',
    });
  });

  it('sends what the form read, without the fields a client administrator does not see', () => {
    const form = UserForm.parse({ ...formValuesOf(null, { type: 0, companyId: 2 }), ...base, officeId: 5, secondaryOfficeIds: [5, 6] });
    expect(toUserBody(form, 7, false)).toMatchObject({ id: 7, type: 0, officeId: 5, secondaryOfficeIds: [6], siteIds: [], phone: null });
    expect(toUserBody(form, undefined, true)).not.toHaveProperty('description');
    expect(toUserBody(form, undefined, true)).not.toHaveProperty('id');
  });
});
