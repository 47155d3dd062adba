import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashPassword, PRODUCTION_COST, TEST_COST, verifyPassword } from './password';

const costOf = (hash: string) => hash.split('$').slice(1, 4).map(Number);

describe('password hashes', () => {
  it('are cheap under test, and a hash of either cost verifies', async () => {
    const cheap = await hashPassword('demo1234');
    expect(costOf(cheap)).toEqual([TEST_COST.N, TEST_COST.r, TEST_COST.p]);
    const strong = await hashPassword('demo1234', PRODUCTION_COST);
    expect(costOf(strong)).toEqual([32768, 8, 1]);
    for (const hash of [cheap, strong]) {
      expect(await verifyPassword('demo1234', hash)).toBe(true);
      expect(await verifyPassword('demo12345', hash)).toBe(false);
    }
  });

  it('keep the production cost outside the tests', () => {
    const env = { ...process.env };
    delete env.PORTAL_PASSWORD_HASH_COST;
    const script = `import { hashPassword } from ${JSON.stringify(path.resolve(import.meta.dirname, 'password.ts'))};
      console.log(await hashPassword('x'));`;
    const hash = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env, encoding: 'utf8' });
    expect(costOf(hash.trim())).toEqual([32768, 8, 1]);
  });
});
