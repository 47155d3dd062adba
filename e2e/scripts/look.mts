// Ad hoc screenshots while developing (not committed).
import { launchChromium } from '../chromium';
const base = process.env.BASE ?? 'http://localhost:3500';
const [email, path, name, width, height] = process.argv.slice(2);
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: Number(width ?? 1440), height: Number(height ?? 900) } });
const page = await context.newPage();
const r = await page.request.post(`${base}/api/weblogin`, { data: { email, password: 'demo1234' } });
if (!r.ok()) throw new Error(await r.text());
await page.goto(`${base}${path}`);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(1500);
if (process.env.CLICK) {
  for (const sel of process.env.CLICK.split('|')) {
    await page.locator(sel).first().click();
    await page.waitForTimeout(800);
  }
}
await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: process.env.FULL === '1' });
await browser.close();
