import { describe, expect, it } from 'vitest';
import { checkConfigurationValue } from '../configurations/schemas';
import { DUE_REMINDERS_CONFIG_NAME, readDueReminders } from './schemas';

describe('the dueReminders configuration', () => {
  it('is off without a document or without enabled: true, with the defaults of the spec', () => {
    expect(readDueReminders(null)).toEqual({ enabled: false, windowDays: 15, roles: ['CLIENT-ADMIN'] });
    expect(readDueReminders({ windowDays: 30 })).toEqual({ enabled: false, windowDays: 30, roles: ['CLIENT-ADMIN'] });
    expect(readDueReminders({ enabled: true })).toEqual({ enabled: true, windowDays: 15, roles: ['CLIENT-ADMIN'] });
  });

  it('reads role aliases as the role, once each; a document that no longer fits reads as off', () => {
    expect(readDueReminders({ enabled: true, roles: ['client-admin', 'CLIENT_USER', 'CLIENT-ADMIN'] }).roles).toEqual([
      'CLIENT-ADMIN',
      'CLIENT-USER',
    ]);
    expect(readDueReminders({ enabled: true, roles: ['SCHEDULER'] }).enabled).toBe(false);
    expect(readDueReminders({ enabled: 'yes' }).enabled).toBe(false);
  });

  it('is checked on save with the path of the first mistake', () => {
    const check = (value: unknown) => checkConfigurationValue(DUE_REMINDERS_CONFIG_NAME, value);
    expect(check({ enabled: true, windowDays: 0, roles: ['REQUESTER'] }).ok).toBe(true);
    expect(check({ enabled: true, windowDays: 1.5 })).toMatchObject({ ok: false, path: 'windowDays' });
    expect(check({ enabled: true, roles: [] })).toMatchObject({ ok: false, path: 'roles', reason: 'name at least one role' });
    expect(check({ enabled: true, roles: ['LO-ADMIN'] })).toMatchObject({ ok: false, path: 'roles[0]' });
    expect(check({ enabled: true, window: 3 })).toMatchObject({ ok: false, path: 'window', reason: '"window" is not a known key' });
  });
});
