import type { Page } from '@playwright/test';

/** Replaces a CodeMirror editor's text as typed input (insertText: no auto-closed brackets). */
export async function setEditorText(page: Page, text: string, testId = 'config-editor'): Promise<void> {
  const content = page.getByTestId(testId).locator('.cm-content');
  await content.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}
