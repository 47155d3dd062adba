import { DATA_FORM_EDITOR } from '@portal/contracts/dataForms/editorMessages';

/** The form choices (administration document 3, "Data form"). The last four are listed but disabled. */
export const FORM_OBJECT_CHOICES = [
  { value: 'ASSET TYPE', disabled: false },
  { value: 'TASK TYPE', disabled: false },
  { value: 'OBSERVATIONS', disabled: false },
  { value: 'LLG', disabled: false },
  { value: 'MISC', disabled: false },
  { value: 'SERVICE REPORT', disabled: false },
  { value: 'JOB', disabled: true },
  { value: 'LOCATION', disabled: true },
  { value: 'USER', disabled: true },
  { value: 'MATERIAL', disabled: true },
] as const;
export const FORM_TYPE_CHOICES = ['FORM', 'MULTIPLE', 'CHECKPOINT', 'NC'] as const;

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
  samplesMin: '1',
  samplesMax: '2',
});

const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/**
 * The header's problems by field (administration document 5: Form Object required; Min at
 * least 1 and at most Max; Max at least Min). An empty object means Save may be pressed.
 */
export function headerProblems(h: EditorHeader): Partial<Record<keyof EditorHeader, string>> {
  const problems: Partial<Record<keyof EditorHeader, string>> = {};
  if (!h.name.trim()) problems.name = DATA_FORM_EDITOR.nameRequired;
  if (!FORM_OBJECT_CHOICES.some((c) => c.value === h.formObject && !c.disabled)) problems.formObject = DATA_FORM_EDITOR.formObjectRequired;
  const min = whole(h.samplesMin);
  const max = whole(h.samplesMax);
  if (min === null) problems.samplesMin = `${DATA_FORM_EDITOR.samplesMin} ${DATA_FORM_EDITOR.wholeNumber}`;
  else if (min < 1) problems.samplesMin = DATA_FORM_EDITOR.minTooLow;
  else if (max !== null && min > max) problems.samplesMin = DATA_FORM_EDITOR.minAboveMax;
  if (max === null) problems.samplesMax = `${DATA_FORM_EDITOR.samplesMax} ${DATA_FORM_EDITOR.wholeNumber}`;
  else if (min !== null && max < min) problems.samplesMax = DATA_FORM_EDITOR.maxBelowMin;
  return problems;
}
