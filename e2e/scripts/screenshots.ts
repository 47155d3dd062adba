// Screenshots of the screens as each role sees them, for people to look at (not a test).
//   npm run screenshots -w e2e -- http://localhost:3000 [outDir]
// Needs a running portal with the demo data; writes PNGs to e2e/screenshots/ (ignored by git).
// Each screen is taken at a desktop, a tablet and a phone size (the lists turn into cards below 900 px).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../chromium';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? path.join(import.meta.dirname, '..', 'screenshots');

const SHOTS: { email: string; screens: [string, string][] }[] = [
  {
    email: 'lo-admin@demo.test',
    screens: [
      ['home', '/'],
      ['users', '/resources/users'],
      ['users-add', '/resources/users#add'],
      ['clients', '/resources/clients'],
      ['clients-add', '/resources/clients#add'],
    ],
  },
  {
    email: 'config_admin@demo.test',
    screens: [
      ['offices', '/admin/loOffice'],
      ['divisions', '/settings/division'],
      ['roles', '/settings/roles'],
      ['sequences', '/admin/sequenceNumber'],
    ],
  },
  {
    email: 'client-admin@demo.test',
    screens: [
      ['users', '/resources/users'],
      ['clients', '/resources/clients'],
    ],
  },
  { email: 'field-engg@demo.test', screens: [['clients', '/resources/clients']] },
  {
    email: 'lo-admin@demo.test',
    screens: [['divisions', '/settings/division']],
  },
  {
    email: 'config_admin@demo.test',
    screens: [
      ['users', '/resources/users'],
      ['clients', '/resources/clients'],
    ],
  },
  { email: 'client-admin@demo.test', screens: [['divisions', '/settings/division']] },
  // The catalogue, jobs, tasks, assets and stickers, each as a role that works with them.
  {
    email: 'config_admin@demo.test',
    screens: [
      ['assettypes', '/settings/assettypes'],
      ['tasktypes', '/settings/tasktypes'],
      ['configdata', '/settings/configdata'],
      ['forms', '/settings/forms'],
    ],
  },
  {
    email: 'scheduler@demo.test',
    screens: [
      ['jobs', '/operations/jobs'],
      ['jobs-add', '/operations/jobs#add'],
      ['joblites', '/operations/joblites'],
      ['tasks', '/operations/tasks'],
      ['assets', '/resources/assets'],
    ],
  },
  {
    email: 'field-engg@demo.test',
    screens: [
      ['jobs', '/operations/jobs'],
      ['tasks', '/operations/tasks'],
      ['task', '/operations/tasks#first'],
    ],
  },
  { email: 'approver@demo.test', screens: [['tasks', '/operations/tasks']] },
  { email: 'lo-admin@demo.test', screens: [['qrsticker', '/resources/qrsticker']] },
  {
    email: 'client-user@demo.test',
    screens: [
      ['home', '/'],
      ['assets', '/resources/assets'],
      ['tasks', '/operations/tasks'],
    ],
  },
];

const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '1024', width: 1024, height: 768 },
  { name: '390', width: 390, height: 844 },
];

async function signIn(page: Page, email: string) {
  const answer = await page.request.post(`${base}/api/weblogin`, { data: { email, password: 'demo1234' } });
  if (!answer.ok()) throw new Error(`${email}: sign-in answered ${answer.status()}`);
}

const browser = await launchChromium();
await mkdir(out, { recursive: true });
await (async () => {
  const login = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await login.goto(`${base}/login`);
  await login.waitForSelector('form');
  await login.screenshot({ path: path.join(out, 'login.png') });
  await login.close();
})();
for (const viewport of VIEWPORTS) {
  for (const { email, screens } of SHOTS) {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    const page = await context.newPage();
    await signIn(page, email);
    const who = email.split('@')[0];
    for (const [name, route] of screens) {
      const [pathname, action] = route.split('#');
      await page.goto(`${base}${pathname}`);
      await page.waitForLoadState('networkidle');
      if (action === 'add') {
        await page.getByTestId('add').click();
        await page.waitForTimeout(600);
      }
      if (action === 'first') {
        // The first task of this role's list, opened as its page.
        const [task] = (await (await page.request.get(`${base}/api/Observation?offset=0&limit=1`)).json()) as { id: number }[];
        if (!task) throw new Error(`${email}: no task to open`);
        await page.goto(`${base}${pathname}/${task.id}`);
        await page.waitForLoadState('networkidle');
      }
      await page.screenshot({ path: path.join(out, `${who}-${name}-${viewport.name}.png`) });
      console.log(`${who}-${name}-${viewport.name}.png`);
    }
    await context.close();
  }
}
await browser.close();
