import { DEFAULT_SAMPLES_MAX, DEFAULT_SAMPLES_MIN, ENABLED_FORM_OBJECTS, type FormObject } from '@portal/contracts/dataForms/schemas';
import { DATA_FORM_EDITOR } from '@portal/contracts/dataForms/editorMessages';

/** The editor's header fields; numbers are kept as typed ('' while empty). */
export interface EditorHeader {
  id?: number;
  name: string;
  formObject: string;
  formType: string;
  samplesMin: string;
  samplesMax: string;
}

/** A local timestamp as the spec's copy names use it: D-MMM-YY_HH:mm:ss. */
export function nameStamp(now = new Date()): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getDate()}-${months[now.getMonth()]}-${pad(now.getFullYear() % 100)}_${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}

export const newHeader = (now = new Date()): EditorHeader => ({
  name: DATA_FORM_EDITOR.newFormName(nameStamp(now)),
  formObject: '',
  formType: 'FORM',
  samplesMin: String(DEFAULT_SAMPLES_MIN),
  samplesMax: String(DEFAULT_SAMPLES_MAX),
});

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/**
 * The header's problems by field (administration document 5: Form Object required; Min at
 * least 1 and at most Max; Max at least Min). An empty object means Save may be pressed.
 */
export function headerProblems(h: EditorHeader): Partial<Record<keyof EditorHeader, string>> {
  const problems: Partial<Record<keyof EditorHeader, string>> = {};
  if (!h.name.trim()) problems.name = DATA_FORM_EDITOR.nameRequired;
  if (!ENABLED_FORM_OBJECTS.includes(h.formObject as FormObject)) problems.formObject = DATA_FORM_EDITOR.formObjectRequired;
  const min = whole(h.samplesMin);
  const max = whole(h.samplesMax);
  if (min === null) problems.samplesMin = `${DATA_FORM_EDITOR.samplesMin} ${DATA_FORM_EDITOR.wholeNumber}`;
  else if (min < 1) problems.samplesMin = DATA_FORM_EDITOR.minTooLow;
  else if (max !== null && min > max) problems.samplesMin = DATA_FORM_EDITOR.minAboveMax;
  if (max === null) problems.samplesMax = `${DATA_FORM_EDITOR.samplesMax} ${DATA_FORM_EDITOR.wholeNumber}`;
  else if (min !== null && max < min) problems.samplesMax = DATA_FORM_EDITOR.maxBelowMin;
  return problems;
}
