import { CONFIGURATIONS } from '@portal/contracts/messages';
import type { Page } from '@playwright/test';
import { expect, expectAlert, loginAs, test } from '../fixtures';
import { setEditorText } from '../pages/codeEditor';
import { stamp } from '../pages/AdminApi';
import { seriousViolations } from '../axe';

/**
 * Settings > Configuration (administration document: "Configuration screen", "Configurations")
 * as CONFIG_ADMIN and LO-ADMIN: select, edit and save in the code editor; the spec's enable
 * rules and messages; a schema refusal named by path on its line; a feature switch that reaches
 * the navigation without a restart. Runs against the built portal, under its CSP.
 */
const PATH = '/settings/configdata';

const editorLine = (page: Page, line: number) =>
  page
    .getByTestId('config-editor')
    .locator('.cm-content .cm-line')
    .nth(line - 1);

/** The line numbers (1-based) whose lint gutter shows an error marker. */
async function markedLines(page: Page): Promise<number[]> {
  const editor = page.getByTestId('config-editor');
  await expect(editor.locator('.cm-lint-marker-error').first()).toBeVisible();
  return editor.evaluate((root) => {
    const lines = Array.from(root.querySelectorAll('.cm-lineNumbers .cm-gutterElement'))
      .filter((el) => (el as HTMLElement).style.height !== '0px' && el.textContent)
      .map((el) => ({ top: el.getBoundingClientRect().top, number: Number(el.textContent) }));
    return Array.from(root.querySelectorAll('.cm-lint-marker-error')).map((marker) => {
      const top = marker.getBoundingClientRect().top;
      return lines.reduce((best, line) => (Math.abs(line.top - top) < Math.abs(best.top - top) ? line : best)).number;
    });
  });
}

test.describe('Configurations', () => {
  test('select, edit and save a configuration; Add Configuration and Cancel follow the spec’s rules', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await loginAs(page, 'config_admin@demo.test');
    await page.goto(PATH);
    await expect(page.getByTestId('page-title')).toHaveText('Configurations');
    const add = page.getByTestId('config-add');
    const cancel = page.getByTestId('config-cancel');
    const save = page.getByTestId('config-save');

    // Nothing selected (id -99): Add enabled, Save and Cancel disabled.
    await expect(page.getByTestId('config-item-reportBranding')).toBeVisible();
    await expect(page.getByTestId('config-none')).toBeVisible();
    await expect(add).toBeEnabled();
    await expect(save).toBeDisabled();
    await expect(cancel).toBeDisabled();

    // Selecting makes it current (highlighted) and shows its JSON in the editor, with line numbers.
    await page.getByTestId('config-item-reportBranding').click();
    await expect(page.getByTestId('config-item-reportBranding')).toHaveClass(/Mui-selected/);
    await expect(page.getByTestId('config-name')).toHaveValue('reportBranding');
    await expect(page.getByTestId('config-editor').locator('.cm-content')).toContainText('"paper": "A4"');
    await expect(page.getByTestId('config-editor').locator('.cm-lineNumbers')).toContainText('1');
    await expect(page.getByTestId('config-editor').locator('.cm-content')).toHaveAttribute('aria-label', /Configuration JSON/);
    await expect(add).toBeDisabled(); // a positive id is current
    await expect(cancel).toBeEnabled();

    // Edit and save: the spec's success text; the text is kept as typed.
    const footer = `Footer ${stamp()}`;
    const text = `{\n  "footer": "${footer}",\n  "showLogo": false,\n  "paper": "A4"\n}`;
    await setEditorText(page, text);
    await expect(page.getByTestId('config-json-message')).toHaveText(CONFIGURATIONS.unsaved);
    await expect(save).toBeEnabled();
    await save.click();
    await expectAlert(page, CONFIGURATIONS.saved);
    await page.getByTestId('reload').click();
    await expect(page.getByTestId('config-editor').locator('.cm-content')).toContainText(footer);
    const stored = await page.request.get('/api/Setting?tenantId=2&objectType=Config&offset=0&limit=-1');
    const row = ((await stored.json()) as { name: string; configJson: string }[]).find((r) => r.name === 'reportBranding');
    expect(row?.configJson).toBe(text);

    // Cancel clears the selection; Add Configuration makes a new one (id -1) and is then disabled.
    await cancel.click();
    await expect(page.getByTestId('config-none')).toBeVisible();
    await expect(page.getByTestId('config-item-reportBranding')).not.toHaveClass(/Mui-selected/);
    await add.click();
    await expect(page.getByTestId('config-item-new')).toBeVisible();
    await expect(add).toBeDisabled();
    await expect(page.getByText(CONFIGURATIONS.nameMandatory)).toBeVisible();
    await expect(save).toBeDisabled();
    await page.getByTestId('config-name').fill('REPORTBRANDING');
    await expect(page.getByText(CONFIGURATIONS.duplicateName)).toBeVisible();
    await expect(save).toBeDisabled();
    const name = `inspectionDefaults${stamp()}`;
    await page.getByTestId('config-name').fill(name);
    await setEditorText(page, '{\n  "defaultValidityMonths": 12,\n  "photosPerTask": 6\n}');
    await save.click();
    await expectAlert(page, CONFIGURATIONS.saved);
    await expect(page.getByTestId(`config-item-${name}`)).toHaveClass(/Mui-selected/);
    await expect(add).toBeDisabled();

    // Leaving unsaved changes asks first.
    await setEditorText(page, '{ "defaultValidityMonths": 24 }');
    await page.getByTestId('config-item-mobileAppSettings').click();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByTestId('config-name')).toHaveValue(name);
    await page.getByTestId('config-item-mobileAppSettings').click();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('config-name')).toHaveValue('mobileAppSettings');

    // CodeMirror runs under the strict CSP: no refused style or script.
    expect(errors.filter((e) => /Content Security Policy|unsafe-eval|EvalError/i.test(e))).toEqual([]);
  });

  test('a syntax error shows the spec’s message with a lint marker on its line, and Save is disabled', async ({ page }) => {
    await loginAs(page, 'lo-admin@demo.test');
    await page.goto(PATH);
    await page.getByTestId('config-item-mobileAppSettings').click();
    await setEditorText(page, '{\n  "syncIntervalMinutes": 15,\n  "offlineDays": sev,\n  "requireSignatureOnSubmit": true\n}');
    await expect(page.getByTestId('config-json-message')).toHaveText(CONFIGURATIONS.invalidJson);
    await expect(page.getByTestId('config-save')).toBeDisabled();
    // CodeMirror lints after a pause: wait for the marker rather than read it once.
    await expect.poll(() => markedLines(page)).toEqual([3]);
    await expect(editorLine(page, 3).locator('.cm-lintRange-error')).toBeVisible();
    // Hovering the marked text names the problem.
    await editorLine(page, 3).locator('.cm-lintRange-error').hover();
    await expect(page.locator('.cm-tooltip-lint')).toBeVisible();
    // Fixed, Save is enabled again.
    await setEditorText(page, '{\n  "syncIntervalMinutes": 15,\n  "offlineDays": 7\n}');
    await expect(page.getByTestId('config-save')).toBeEnabled();
    await expect(page.getByTestId('config-editor').locator('.cm-lint-marker-error')).toHaveCount(0);
  });

  test('a document the portal reads that does not fit is refused with the server’s path message, marked on its line', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    await page.goto(PATH);
    await page.getByTestId('config-item-webUIAccessConfiguration').click();
    await expect(page.getByTestId('config-name')).toHaveValue('webUIAccessConfiguration');
    const document = [
      '{',
      '  "ASSET": {',
      '    "name": "Assets",',
      '    "viewRules": [',
      '      { "roles": ["SCHEDULER", "BOSS"], "isEnabled": true }',
      '    ]',
      '  }',
      '}',
    ].join('\n');
    await setEditorText(page, document);
    const message = 'ASSET.viewRules[0].roles[1]: "BOSS" is not a role';
    await expect(page.getByTestId('config-json-message')).toHaveText(message);
    // The spec disables Save for invalid JSON only: the server refuses, with the same message.
    const save = page.getByTestId('config-save');
    await expect(save).toBeEnabled();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/Setting') && r.request().method() === 'POST');
    await save.click();
    const response = await answer;
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: message, fields: { 'ASSET.viewRules[0].roles[1]': '"BOSS" is not a role' } });
    await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
    await expect.poll(() => markedLines(page)).toEqual([5]);
    await expect(editorLine(page, 5).locator('.cm-lintRange-error')).toHaveText('"BOSS"');
    // Nothing was saved.
    await page.getByTestId('reload').click();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('config-editor').locator('.cm-content')).not.toContainText('BOSS');
  });

  test('no serious or critical accessibility violations, with a configuration and a problem shown', async ({ page }) => {
    await loginAs(page, 'config_admin@demo.test');
    await page.goto(PATH);
    await page.getByTestId('config-item-namespaceFeatures').click();
    await setEditorText(page, '{\n  "jobs": "yes"\n}');
    await expect(page.getByTestId('config-json-message')).toHaveText('jobs: must be true or false');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the screen is refused to roles without the right', async ({ page }) => {
    await loginAs(page, 'scheduler@demo.test');
    await page.goto(PATH);
    await expect(page.getByTestId('forbidden')).toBeVisible();
    expect((await page.request.get('/api/Setting?tenantId=2&objectType=Config')).status()).toBe(403);
  });
});
