import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './ListPage';

/** Resources > Clients: the clients list, the Add Client dialog, the edit panel and a client's Locations. */
export class ClientsPage extends ListPage {
  constructor(page: Page) {
    super(page);
  }

  async openList(): Promise<void> {
    await this.open('/resources/clients');
  }

  dialog(): Locator {
    return this.page.getByTestId('add-client-dialog');
  }

  /** A section of the Add Client dialog: 'Client Details', 'Site Details' or 'Users'. */
  section(name: 'Client Details' | 'Site Details' | 'Users'): Locator {
    return this.dialog().getByRole('region', { name });
  }

  saveButton(): Locator {
    return this.dialog().getByTestId('add-client-save');
  }

  /** Picks from an open MUI list (Select or Autocomplete) by its visible name. */
  async choose(combobox: Locator, option: string): Promise<void> {
    await combobox.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async fillClient(client: {
    name: string;
    code?: string;
    street?: string;
    city?: string;
    country?: string;
    pin?: string;
    office?: string;
  }) {
    const s = this.section('Client Details');
    await s.getByLabel('Client Name').fill(client.name);
    if (client.code) await s.getByLabel('Code').fill(client.code);
    if (client.office) await this.choose(s.getByRole('combobox', { name: 'LO Office' }), client.office);
    if (client.street) await s.getByLabel('Street').fill(client.street);
    if (client.city) await s.getByLabel('City').fill(client.city);
    if (client.country) await s.getByLabel('Country').fill(client.country);
    if (client.pin) await s.getByLabel('Pin').fill(client.pin);
  }

  /** Adds a user row with Add New User and fills it. */
  async addUser(user: { role: string; name: string; email: string; phone?: string }): Promise<void> {
    const users = this.section('Users');
    const index = await users.locator('[data-testid^="user-row-"]').count();
    await users.getByTestId('add-user').click();
    const row = users.getByTestId(`user-row-${index}`);
    await this.choose(row.getByRole('combobox', { name: 'Role' }), user.role);
    await row.getByLabel('Name').fill(user.name);
    await row.getByLabel('Email').fill(user.email);
    if (user.phone) await row.getByLabel('Phone').fill(user.phone);
  }

  async searchName(name: string): Promise<void> {
    await this.search('Name').fill(name);
    await this.search('Name').press('Enter');
  }

  successAlert(): Locator {
    return this.page.getByTestId('alert-success');
  }

  errorAlert(): Locator {
    return this.page.getByTestId('alert-error');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.count()).toHaveText(/Total \d+ of \d+ loaded/);
  }

  /** The footer's 'Total <loaded> of <total> loaded', once the count is known. */
  async totals(): Promise<{ loaded: number; total: number }> {
    await this.expectLoaded();
    const [, loaded, total] = /Total (\d+) of (\d+)/.exec((await this.count().textContent()) ?? '') ?? [];
    return { loaded: Number(loaded), total: Number(total) };
  }
}

/** A small valid PNG (solid colour, RGB), built here so the test needs no fixture file. */
export function tinyPng(width = 24, height = 12, rgb: [number, number, number] = [21, 101, 192]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
