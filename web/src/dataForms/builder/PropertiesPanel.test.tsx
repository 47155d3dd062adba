import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormDefinition, type FormField } from '@portal/contracts';
import { DATA_FORM_EDITOR } from '@portal/contracts/dataForms/editorMessages';
import { PropertiesPanel, withResult } from './PropertiesPanel';

type PassFail = Extract<FormField, { kind: 'passfail' }>;
const passfail: PassFail = { id: 'p', kind: 'passfail', key: 'structure', label: 'Structure free of cracks' };
const yesno: FormField = { id: 'y', kind: 'yesno', key: 'safe', label: 'Safe to operate' };

const markup = (field: FormField) =>
  renderToStaticMarkup(
    <PropertiesPanel field={field} fields={[field]} errors={new Map()} keyFollowsLabel={false} onChange={() => {}} />,
  ).replace(/<style[^>]*>[^<]*<\/style>/g, '');

/** The result checkbox's input element, or null. */
const resultInput = (html: string) => html.match(/<input[^>]*data-testid="prop-result"[^>]*>/)?.[0] ?? null;

describe('PropertiesPanel: Result field (DECISIONS 9)', () => {
  it('offers the Result field checkbox on a pass/fail field, checked when the field is a result field', () => {
    const plain = markup(passfail);
    expect(plain).toContain(DATA_FORM_EDITOR.resultField);
    expect(resultInput(plain)).not.toBeNull();
    expect(resultInput(plain)).not.toContain('checked');
    expect(resultInput(markup({ ...passfail, result: true }))).toContain('checked');
  });

  it('offers it on no other kind', () => {
    expect(resultInput(markup(yesno))).toBeNull();
    expect(markup(yesno)).not.toContain(DATA_FORM_EDITOR.resultField);
  });

  it('binds the checkbox to `result`: set when checked, left out of the JSON when not', () => {
    const marked = withResult(passfail, true);
    expect(marked.result).toBe(true);
    expect(FormDefinition.parse({ version: 1, fields: [marked] }).fields[0]).toMatchObject({ kind: 'passfail', result: true });
    const unmarked = withResult(marked, false);
    expect('result' in unmarked).toBe(false);
    expect(JSON.stringify(unmarked)).not.toContain('result');
  });
});
