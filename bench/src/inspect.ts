import { launchChromium } from '@portal/e2e/chromium';

// In-page scripts are plain source text (see usersTable.ts for why).

/**
 * Clicks the INSPECT tab of task details and answers the ms until the FORM's first field (the
 * item's result buttons, or the form's first input) is painted: on a task never opened, that
 * includes opening it for inspection (the checklist copied, the task held) and loading it.
 */
const OPEN_SCRIPT = `(async () => {
  const tab = document.querySelector('[data-testid="tab-inspect"]');
  if (!tab) throw new Error('no INSPECT tab');
  const start = performance.now();
  tab.click();
  return await new Promise((resolve, reject) => {
    const check = () => {
      if (performance.now() - start > 30000) return reject(new Error('no field after opening INSPECT'));
      const editor = document.querySelector('[data-testid="node-editor"]');
      const field = editor && editor.querySelector('[data-testid="item-result-pass"], [data-testid="node-form"] input, [data-testid="node-form"] button');
      if (!field) return requestAnimationFrame(check);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  });
})()`;

/**
 * On INSPECT with an item shown: Pass is chosen (not timed), then Save is clicked and the ms are
 * answered until the next item's FORM is painted (the save, the checklist read again, the next
 * incomplete item opened). Null when the shown node has no result buttons.
 */
const SAVE_NEXT_SCRIPT = `(async () => {
  const editor = () => document.querySelector('[data-testid="node-editor"]');
  const first = editor();
  const pass = first && first.querySelector('[data-testid="item-result-pass"]');
  if (!pass) return null;
  const from = first.getAttribute('data-node');
  if (pass.getAttribute('aria-pressed') !== 'true') pass.click();
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  const save = editor().querySelector('[data-testid="checklist-save"]');
  const start = performance.now();
  save.click();
  return await new Promise((resolve, reject) => {
    const check = () => {
      if (performance.now() - start > 30000) return reject(new Error('the next item did not open'));
      const now = editor();
      const field = now && now.getAttribute('data-node') !== from && now.querySelector('[data-testid="item-result-pass"], [data-testid="node-form"] input');
      if (!field) return requestAnimationFrame(check);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  });
})()`;

const SETTLE_SCRIPT = `new Promise((resolve) => {
  const idle = () => requestIdleCallback((deadline) => (deadline.timeRemaining() >= 45 ? resolve(null) : idle()));
  setTimeout(idle, 300);
})`;

export interface InspectFigures {
  /** Click on the INSPECT tab to its first field painted, a task never opened before each time. */
  openMs: number[];
  /** Save of one item (its result chosen) to the next item's FORM painted. */
  saveNextMs: number[];
}

/**
 * The inspector's day on a 1024x768 tablet (issue 21), as the field engineer of the demo: the
 * INSPECT tab of `tasks` (open, never inspected) opened one after the other, and on each,
 * `saves` items saved one after the other, each opening the next.
 */
export async function measureInspect(base: string, email: string, password: string, tasks: number[], saves = 3): Promise<InspectFigures> {
  const browser = await launchChromium();
  const watchdog = setTimeout(() => void browser.close(), 300_000);
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const signIn = await page.request.post(`${base}/api/weblogin`, { data: { email, password } });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    const openMs: number[] = [];
    const saveNextMs: number[] = [];
    // One unmeasured page first: the browser cache warm, as for someone who has used the portal.
    await page.goto(`${base}/operations/tasks/${tasks[0]}?tab=jobDetails`);
    for (const id of tasks) {
      await page.goto(`${base}/operations/tasks/${id}?tab=jobDetails`);
      await page.waitForSelector('[data-testid="tab-inspect"]:not([disabled])');
      await page.evaluate(SETTLE_SCRIPT);
      openMs.push(await page.evaluate(OPEN_SCRIPT));
      for (let i = 0; i < saves; i++) {
        await page.evaluate(SETTLE_SCRIPT);
        const took: number | null = await page.evaluate(SAVE_NEXT_SCRIPT);
        if (took === null) break;
        saveNextMs.push(took);
      }
    }
    return { openMs, saveNextMs };
  } finally {
    clearTimeout(watchdog);
    await browser.close();
  }
}
