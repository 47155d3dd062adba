import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('settings from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, defaultMailDomain: 'demo.test', secureCookies: false });
    expect(config.dataDir).toMatch(/data$/);
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid setting PORT: PORT must be a number'],
    [{ PORT: '70000' }, 'Invalid setting PORT: PORT must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid setting DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://'],
    [{ SMTP_URL: 'http://mail' }, 'Invalid setting SMTP_URL: SMTP_URL must start with smtp:// or smtps://'],
    [{ DEFAULT_MAIL_DOMAIN: 'nodot' }, 'Invalid setting DEFAULT_MAIL_DOMAIN: DEFAULT_MAIL_DOMAIN must be a domain such as example.com'],
    [{ SEED_DEMO: 'maybe' }, 'Invalid setting SEED_DEMO: SEED_DEMO must be true or false'],
    [{ PUBLIC_URL: 'portal.example.com' }, 'Invalid setting PUBLIC_URL: PUBLIC_URL must be an absolute http(s) address'],
    [{ FILE_STORE: 'disk' }, 'Invalid setting FILE_STORE: FILE_STORE must be db or dir'],
    [{ FILE_STORE: 'db' }, 'Invalid setting FILE_STORE: db needs DATABASE_URL; the embedded database keeps files in DATA_DIR/files'],
  ])('refuses %j in one line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('makes the session cookie Secure behind an https PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com' }).secureCookies).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('keeps files in DATA_DIR/files on the embedded database, in the database on PostgreSQL unless FILE_STORE=dir', () => {
    const embedded = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(embedded).toMatchObject({ fileStore: 'dir', filesDir: '/srv/portal/files' });
    const pg = 'postgres://u@h/p';
    expect(loadConfig({ DATABASE_URL: pg }).fileStore).toBe('db');
    expect(loadConfig({ DATABASE_URL: pg, FILE_STORE: 'dir', FILES_DIR: '/mnt/shared/portal-files' })).toMatchObject({
      fileStore: 'dir',
      filesDir: '/mnt/shared/portal-files',
    });
  });
});
