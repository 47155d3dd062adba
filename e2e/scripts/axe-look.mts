import AxeBuilder from '@axe-core/playwright';
import { launchChromium } from '../chromium';
const base = 'http://localhost:3500';
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
await page.request.post(`${base}/api/weblogin`, { data: { email: 'approver@demo.test', password: 'demo1234' } });
await page.goto(`${base}${process.argv[2]}`);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(1500);
if (process.argv[3]) { await page.locator(process.argv[3]).first().click(); await page.waitForTimeout(800); }
const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
for (const v of results.violations) for (const n of v.nodes) console.log(v.id, v.impact, n.html.slice(0, 200), n.failureSummary?.slice(0, 300));
await browser.close();
