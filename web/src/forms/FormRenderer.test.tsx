import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormDefinition, type FormValues } from '@portal/contracts';
import { FormRenderer } from './FormRenderer';
import { FormSamples, initialSamples } from './FormSamples';
import { type FormFilling, useFormFilling } from './useFormFilling';

const definition = FormDefinition.parse({
  version: 1,
  fields: [
    { id: 'h', kind: 'heading', label: 'Load test' },
    { id: 'i', kind: 'help', label: 'Test at 110% of the rated load.' },
    { id: 'l', kind: 'number', key: 'load', label: 'Test load', unit: 't', min: 1, max: 40, required: true },
    { id: 'd', kind: 'date', key: 'on', label: 'Tested on', default: 'today' },
    { id: 'r', kind: 'passfail', key: 'result', label: 'Result', required: true },
    { id: 'm', kind: 'textarea', key: 'remarks', label: 'Remarks', visibleWhen: { key: 'result', equals: ['fail'] } },
    { id: 'p', kind: 'photo', key: 'photo', label: 'Photo' },
    { id: 's', kind: 'signature', key: 'sign', label: 'Signature' },
  ],
});

/** The markup without emotion's inline style tags. */
const markup = (element: React.ReactElement) => renderToStaticMarkup(element).replace(/<style[^>]*>[^<]*<\/style>/g, '');
const render = (values: FormValues, extra: Partial<Parameters<typeof FormRenderer>[0]> = {}) =>
  markup(<FormRenderer definition={definition} values={values} onChange={() => {}} {...extra} />);

describe('FormRenderer', () => {
  it('renders every shown field in a block named by its key, with required marks, unit and range', () => {
    const html = render({});
    for (const id of ['field-h', 'field-i', 'field-load', 'field-on', 'field-result', 'field-photo', 'field-sign'])
      expect(html).toContain(`data-testid="${id}"`);
    expect(html).not.toContain('data-testid="field-remarks"');
    expect(html).toContain('Test at 110% of the rated load.');
    expect(html).toMatch(/Test load<span[^>]*asterisk[^>]*>[^<]*\*<\/span>/);
    expect(html).not.toMatch(/Tested on<span[^>]*asterisk/);
    expect(html).toContain('1 – 40 t');
    expect(html).toContain('data-testid="field-photo-add"');
    expect(html).toContain('data-testid="field-sign-pad"');
  });

  it('shows the remarks of a failed result, and problems only when asked', () => {
    expect(render({ result: 'fail' })).toContain('data-testid="field-remarks"');
    expect(render({ load: 50 })).not.toContain('Test load must be at most 40');
    const shown = render({ load: 50 }, { showErrors: true });
    expect(shown).toContain('Test load must be at most 40');
    expect(shown).toContain('Result is required');
  });

  it('displays answers without inputs when read only', () => {
    const html = render({ load: 12.5, result: 'fail', remarks: 'Outrigger pad cracked', photo: ['abc123'] }, { readOnly: true });
    expect(html).not.toContain('<input');
    expect(html).toContain('12.5 t');
    expect(html).toContain('Fail');
    expect(html).toContain('Outrigger pad cracked');
    expect(html).toContain('src="/api/filedownload?id=abc123"');
    expect(markup(<FormRenderer definition={definition} values={{}} />)).not.toContain('<input');
  });

  it('says so when a form has no fields', () => {
    expect(markup(<FormRenderer definition={{ version: 1, fields: [] }} values={{}} />)).toContain('This form has no fields yet');
  });
});

describe('useFormFilling', () => {
  function Probe({ initial, out }: { initial?: FormValues; out: (filling: FormFilling) => void }) {
    out(useFormFilling(definition, initial));
    return null;
  }
  const fill = (initial?: FormValues) => {
    let result: FormFilling | undefined;
    renderToStaticMarkup(<Probe initial={initial} out={(f) => (result = f)} />);
    return result as FormFilling;
  };

  it('starts from the definition’s defaults and reports what is missing', () => {
    const filling = fill();
    expect(Object.keys(filling.values)).toEqual(['on']);
    expect(filling.values.on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(filling.isValid).toBe(false);
    expect(filling.problems.map((p) => p.key)).toEqual(['load', 'result']);
  });

  it('starts from given values', () => {
    const filling = fill({ load: 10, result: 'pass' });
    expect(filling.values).toEqual({ load: 10, result: 'pass' });
    expect(filling.isValid).toBe(true);
  });
});

describe('FormSamples', () => {
  it('renders one form per sample, with Add sample below Max and Remove above Min', () => {
    const two = markup(
      <FormSamples definition={definition} samplesMin={1} samplesMax={2} samples={[{}, { load: 5 }]} onChange={() => {}} />,
    );
    expect(two).toContain('data-testid="sample-1"');
    expect(two).toContain('data-testid="sample-2"');
    expect(two).toContain('Sample 2');
    expect(two).toContain('data-testid="sample-2-remove"');
    expect(two).not.toContain('data-testid="sample-add"');
    const one = markup(<FormSamples definition={definition} samplesMin={1} samplesMax={4} samples={[{}]} onChange={() => {}} />);
    expect(one).toContain('data-testid="sample-add"');
    expect(one).not.toContain('sample-1-remove');
    const none = markup(<FormSamples definition={definition} samplesMin={2} samplesMax={4} samples={[]} onChange={() => {}} showErrors />);
    expect(none).toContain('At least 2 samples needed');
    const shown = markup(<FormSamples definition={definition} samplesMin={1} samplesMax={2} samples={[{ load: 5 }]} readOnly />);
    expect(shown).not.toContain('sample-add');
    expect(shown).toContain('5 t');
  });

  it('starts a filling with Min samples of default values', () => {
    const samples = initialSamples(definition, 3);
    expect(samples).toHaveLength(3);
    expect(samples[0].on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(initialSamples(definition, 0)).toHaveLength(1);
  });
});
