import { launchChromium } from '@portal/e2e/chromium';
import { FIELD_KINDS, type FormDefinition, type FormField } from '@portal/contracts/dataForms/definition';
import { median, percentile } from './lib/http';

/**
 * Figures j and k: the Data Forms builder with a 60-field form. j opens the form with Show
 * Form until its 60 fields are painted on the canvas (and then the preview until its 60th
 * field is painted); k saves the 60-field definition through POST /api/Setting/FormJSON.
 */

/** A realistic 60-field definition: every kind, a heading every 10 fields, some conditions. */
export function sixtyFieldDefinition(): FormDefinition {
  const fields: FormField[] = [];
  for (let i = 0; fields.length < 60; i++) {
    const n = fields.length + 1;
    const id = `f${n}`;
    if (n % 10 === 1) {
      fields.push({ kind: 'heading', id, label: `Section ${Math.ceil(n / 10)}` });
      continue;
    }
    const kind = FIELD_KINDS[i % (FIELD_KINDS.length - 2)] ?? 'text'; // heading and help are placed above
    const key = `q${n}`;
    const label = `Question ${n}`;
    if (kind === 'select' || kind === 'multiselect')
      fields.push({
        kind,
        id,
        key,
        label,
        options: ['Good', 'Worn', 'Damaged', 'Missing'].map((l) => ({ value: l.toLowerCase(), label: l })),
      });
    else if (kind === 'number') fields.push({ kind, id, key, label, unit: 'kN', min: 0, max: 1000, required: true });
    else if (kind === 'textarea' && fields.at(-1)?.kind === 'text')
      fields.push({ kind, id, key, label, visibleWhen: { key: `q${n - 1}`, equals: ['see notes'] } });
    else fields.push({ kind, id, key, label, help: `Help for question ${n}` } as FormField);
  }
  return { version: 1, fields };
}

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function call<T>(url: string, token: string, body?: unknown): Promise<{ ms: number; data: T }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: json(token),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 160)}`);
  return { ms, data: JSON.parse(text) as T };
}

/** Creates a 60-field form in the signed-in user's namespace; answers its id. */
export async function createSixtyFieldForm(base: string, token: string): Promise<{ id: number; name: string }> {
  const name = `Bench 60-field form ${Date.now()}`;
  const { data } = await call<{ id: number }>(`${base}/api/Setting`, token, {
    objectType: 'Form',
    name,
    formObject: 'TASK TYPE',
    formType: 'FORM',
    samplesMin: 1,
    samplesMax: 2,
    formJson: sixtyFieldDefinition(),
  });
  return { id: data.id, name };
}

/** k: `runs` saves of the 60-field definition (after 3 unmeasured ones). */
export async function measureDefinitionSaves(base: string, token: string, formId: number, runs = 30) {
  const definition = sixtyFieldDefinition();
  const times: number[] = [];
  const bytes = JSON.stringify({ formId, formJson: definition }).length;
  for (let i = 0; i < runs + 3; i++) {
    const { ms } = await call(`${base}/api/Setting/FormJSON`, token, { formId, formJson: definition });
    if (i >= 3) times.push(ms);
  }
  return { median: median(times), p95: percentile(times, 95), max: Math.max(...times), bytes };
}

/** Clicks Show Form's target and answers the ms until the 60th field is painted (then Preview likewise). */
const SHOW_SCRIPT = `(async () => {
  const formId = %FORM_ID%;
  const painted = (selector, start) => new Promise((resolve, reject) => {
    const check = () => {
      if (performance.now() - start > 30000) return reject(new Error('not painted: ' + selector));
      if (!document.querySelector(selector)) return requestAnimationFrame(check);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  });
  const item = document.querySelector('[data-testid="form-nav-item"][data-form-id="' + formId + '"]');
  if (!item) throw new Error('no navigation item for form ' + formId);
  let start = performance.now();
  item.click();
  const canvas = await painted('[data-testid="canvas-field-59"]', start);
  start = performance.now();
  document.querySelector('[data-testid="mode-preview"]').click();
  const preview = await painted('[data-testid="preview"] [data-testid="field-q60"]', start);
  document.querySelector('[data-testid="cancel"]').click();
  return { canvas, preview };
})()`;

/** j: Show Form of the 60-field form to its canvas painted, and the preview; `runs` times on one page. */
export async function measureFormOpen(base: string, email: string, password: string, formId: number, runs = 5) {
  const browser = await launchChromium();
  const watchdog = setTimeout(() => void browser.close(), 300_000);
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const signIn = await page.request.post(`${base}/api/weblogin`, { data: { email, password } });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    await page.goto(`${base}/settings/forms`);
    await page.locator(`[data-testid="form-nav-item"][data-form-id="${formId}"]`).waitFor();
    const canvas: number[] = [];
    const preview: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const r: { canvas: number; preview: number } = await page.evaluate(SHOW_SCRIPT.replace('%FORM_ID%', String(formId)));
      await page.getByTestId('editor-empty').waitFor();
      if (i === 0) continue; // the first one loads the builder's and renderer's code
      canvas.push(r.canvas);
      preview.push(r.preview);
    }
    return { canvas, preview };
  } finally {
    clearTimeout(watchdog);
    await browser.close();
  }
}
