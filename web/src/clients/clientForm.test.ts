import { describe, expect, it } from 'vitest';
import { AddClientForm, AddNewClientBody, ClientPanelForm, type ClientRow, SitePanelForm } from '@portal/contracts';
import {
  addClientFieldErrors,
  clientValuesOf,
  copiedAddress,
  emptyAddClient,
  siteValuesOf,
  toAddClientBody,
  toSiteBody,
} from './clientForm';

const valid = () => {
  const values = emptyAddClient();
  values.Client = { ...values.Client, name: 'Acme Cranes', street: '1 Dock Road', officeIds: [3] };
  values.Site = { ...values.Site, name: 'Main Yard' };
  return values;
};

const ok = (values: unknown) => AddClientForm.safeParse(values).success;

describe('Add Client: Save is enabled only when valid (contracts AddClientForm)', () => {
  it('needs Client Name, LO Office, client street and Site Name', () => {
    expect(ok(emptyAddClient())).toBe(false);
    expect(ok(valid())).toBe(true);
    for (const broken of [
      { ...valid(), Client: { ...valid().Client, name: '  ' } },
      { ...valid(), Client: { ...valid().Client, street: '' } },
      { ...valid(), Client: { ...valid().Client, officeIds: [] } },
      { ...valid(), Site: { ...valid().Site, name: '' } },
    ]) {
      expect(ok(broken)).toBe(false);
    }
  });

  it('needs role, name and a valid email on every user row; phone is optional', () => {
    const user = { roleId: 7, name: 'Ann', email: 'ann@example.com', phone: '' };
    expect(ok({ ...valid(), Users: [user] })).toBe(true);
    expect(ok({ ...valid(), Users: [user, { ...user, roleId: '' }] })).toBe(false);
    expect(ok({ ...valid(), Users: [{ ...user, name: '' }] })).toBe(false);
    expect(ok({ ...valid(), Users: [{ ...user, email: 'ann' }] })).toBe(false);
  });

  it('refuses a site pin below 1 on the Clients screens', () => {
    expect(ok({ ...valid(), Site: { ...valid().Site, pin: 0 } })).toBe(false);
    expect(ok({ ...valid(), Site: { ...valid().Site, pin: 7 } })).toBe(true);
  });

  it('refuses a client pin below 1 or a fraction', () => {
    expect(ok({ ...valid(), Client: { ...valid().Client, pin: 0 } })).toBe(false);
    expect(ok({ ...valid(), Client: { ...valid().Client, pin: 1.5 } })).toBe(false);
    expect(ok({ ...valid(), Client: { ...valid().Client, pin: 560001 } })).toBe(true);
  });
});

describe('edit rules (contracts ClientPanelForm, SitePanelForm)', () => {
  it('client: name, street and office; site: name only', () => {
    const client = clientValuesOf(row());
    expect(ClientPanelForm.safeParse({ ...client, name: 'A', street: 'S', officeIds: [1] }).success).toBe(true);
    expect(ClientPanelForm.safeParse({ ...client, street: '' }).success).toBe(false);
    expect(ClientPanelForm.safeParse({ ...client, officeIds: [] }).success).toBe(false);
    expect(SitePanelForm.safeParse({ ...siteValuesOf(null), name: 'Yard' }).success).toBe(true);
    expect(SitePanelForm.safeParse({ ...siteValuesOf(null), name: ' ' }).success).toBe(false);
  });
});

describe('bodies', () => {
  it('builds an addNewClient body the shared schema accepts, blanks cleared and the time zone sent', () => {
    const values = valid();
    values.Client.pin = 12345;
    values.Users = [{ roleId: 7, name: 'Ann', email: 'Ann@Example.com', phone: '' }];
    const parsed = AddNewClientBody.parse(toAddClientBody(AddClientForm.parse(values), 'Asia/Dubai'));
    expect(parsed.Client).toMatchObject({ name: 'Acme Cranes', pin: 12345, city: null, timeZone: 'Asia/Dubai', officeIds: [3] });
    expect(parsed.Site).toMatchObject({ name: 'Main Yard', street: null, pin: null });
    expect(parsed.Users).toEqual([{ roleId: 7, name: 'Ann', email: 'ann@example.com', phone: null }]);
  });

  it('copies the client address into the site', () => {
    expect(copiedAddress({ street: 'S', city: 'C', state: 'St', country: 'Co', pin: 9 })).toEqual({
      street: 'S',
      city: 'C',
      state: 'St',
      country: 'Co',
      pin: 9,
    });
  });

  it('puts a section-less server field under the client', () => {
    expect(addClientFieldErrors({ name: 'dup', 'Users.1.email': 'taken', 'Site.name': 'x' })).toEqual({
      'Client.name': 'dup',
      'Users.1.email': 'taken',
      'Site.name': 'x',
    });
  });

  it('keeps a sub-location under its parent when it is edited', () => {
    const site = SitePanelForm.parse(clientValuesOf(row()));
    expect(toSiteBody({ ...site, id: 5 }, 2, 4, 'UTC')).toMatchObject({ id: 5, objectType: 'SITE', companyId: 2, parentId: 4 });
    expect(toSiteBody({ ...site, id: undefined }, 2, null, 'UTC')).not.toHaveProperty('parentId');
  });
});

function row(): ClientRow {
  return {
    id: 2,
    objectType: 'CLIENT_COMPANY',
    name: 'Acme',
    acronymCode: null,
    street: 'S',
    city: null,
    state: null,
    country: null,
    pin: null,
    phone: null,
    address: 'S',
    externalId: null,
    timeZone: null,
    status: 1,
    createdDate: '',
    modifiedDate: '',
    officeIds: '1,3',
    officeNames: 'A, B',
    hasLogo: false,
    can: { edit: true, expand: true, logo: false, addLocation: true },
  };
}
