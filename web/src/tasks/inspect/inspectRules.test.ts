import { describe, expect, it } from 'vitest';
import type { ChecklistNode } from '@portal/contracts';
import {
  fieldErrorsInWords,
  firstIncompletePick,
  firstPick,
  isItemFileName,
  nextIncompletePick,
  newRecordDisabled,
  newRecordId,
  passRemaining,
  pickSection,
  remainingInSection,
  type SaveState,
  saveDisabled,
  sectionProgress,
  sectionToDo,
  targetOf,
  toggleDeleted,
  toSections,
} from './inspectRules';

const node = (
  id: string,
  nodeType: 'SECTION' | 'ITEM',
  parent: string | -100,
  sequenceNumber: number,
  patch: Partial<ChecklistNode> = {},
): ChecklistNode => ({
  id,
  nodeType,
  parentSectionId: parent,
  displayName: id,
  name: id,
  description: null,
  sectionFormId: null,
  iconGroupId: null,
  itemKey: null,
  itemResult: null,
  reportCategory: null,
  sectionLevel: nodeType === 'SECTION' ? 0 : 1,
  sequenceNumber,
  taskTypeId: 1,
  form: null,
  userData: null,
  defect: null,
  savedBy: null,
  savedAt: null,
  ...patch,
});

// Out of order on purpose: sequenceNumber decides.
const NODES = [
  node('i2', 'ITEM', 's1', 3, { itemResult: 'pass' }),
  node('s2', 'SECTION', -100, 4),
  node('s1', 'SECTION', -100, 1),
  node('i1', 'ITEM', 's1', 2),
  node('orphan', 'ITEM', 'gone', 5),
  node('s3', 'SECTION', -100, 6, {
    form: { formId: 4, formName: 'Load test', formRevision: 2, formType: 'MULTIPLE', samplesMin: 1, samplesMax: 3 },
  }),
  node('i3', 'ITEM', 's3', 7),
];

describe('INSPECT sections and items', () => {
  it('groups the flat nodes: top sections (-100) holding their items by sequence, orphans left out', () => {
    const sections = toSections(NODES);
    expect(sections.map((s) => [s.node.id, s.items.map((i) => i.id)])).toEqual([
      ['s1', ['i1', 'i2']],
      ['s2', []],
      ['s3', ['i3']],
    ]);
    expect(sectionProgress(sections[0])).toEqual({ done: 1, total: 2 });
  });

  it('opens on the first section and item; picking a section picks its first item', () => {
    const sections = toSections(NODES);
    expect(firstPick(sections)).toEqual({ sectionId: 's1', itemId: 'i1' });
    expect(firstPick([])).toEqual({ sectionId: null, itemId: null });
    expect(pickSection(sections, 's2')).toEqual({ sectionId: 's2', itemId: null });
    // A section with a form of its own shows that form first.
    expect(pickSection(sections, 's3')).toEqual({ sectionId: 's3', itemId: null });
  });

  it('fills the chosen item, or a section without items with its own form', () => {
    const sections = toSections(NODES);
    expect(targetOf(sections, { sectionId: 's1', itemId: 'i2' })?.node.id).toBe('i2');
    expect(targetOf(sections, { sectionId: 's1', itemId: null })).toBeNull();
    expect(targetOf(sections, { sectionId: 's2', itemId: null })?.node.id).toBe('s2');
    expect(targetOf(sections, { sectionId: null, itemId: null })).toBeNull();
    expect(targetOf(sections, { sectionId: 's3', itemId: null })?.node.id).toBe('s3');
    expect(targetOf(sections, { sectionId: 's3', itemId: 'i3' })?.node.id).toBe('i3');
  });
});

describe('the checklist Save rule (tasks document 5)', () => {
  const ok: SaveState = {
    loading: false,
    hasSection: true,
    hasItems: true,
    itemPicked: true,
    multiple: false,
    recordChosen: false,
    editable: true,
  };
  it('is enabled for a picked item of an editable checklist', () => {
    expect(saveDisabled(ok)).toBe(false);
    expect(saveDisabled({ ...ok, multiple: true, recordChosen: true })).toBe(false);
    expect(saveDisabled({ ...ok, hasItems: false, itemPicked: false })).toBe(false);
  });
  it('is disabled while loading, with no section, items but none picked, a MULTIPLE form without a chosen form, or read only', () => {
    expect(saveDisabled({ ...ok, loading: true })).toBe(true);
    expect(saveDisabled({ ...ok, hasSection: false })).toBe(true);
    expect(saveDisabled({ ...ok, itemPicked: false })).toBe(true);
    expect(saveDisabled({ ...ok, multiple: true, recordChosen: false })).toBe(true);
    expect(saveDisabled({ ...ok, editable: false })).toBe(true);
  });
  it('disables New once the form count reaches Max', () => {
    expect(newRecordDisabled(2, 3)).toBe(false);
    expect(newRecordDisabled(3, 3)).toBe(true);
  });
});

describe('the Files list', () => {
  const files = [
    { blobKey: 'a', fileName: 'a.pdf', fileType: 'application/pdf' },
    { blobKey: 'b', fileName: 'b.png', fileType: 'image/png' },
  ];
  it('marks a file deleted and reverts it to what it was', () => {
    const marked = toggleDeleted(files, 'b');
    expect(marked[1]).toEqual({ ...files[1], deleted: true });
    expect(marked[0]).toBe(files[0]);
    expect(toggleDeleted(marked, 'b')).toEqual(files);
  });
  it('accepts the spec types by name, any case', () => {
    expect(['a.png', 'b.JPEG', 'c.jpg', 'd.pdf', 'e.doc', 'f.docx', 'g.xls', 'h.XLSX', 'i.csv'].every(isItemFileName)).toBe(true);
    expect(['a.exe', 'b.svg', 'pdf', '.pdf', 'c.pdf.js'].some(isItemFileName)).toBe(false);
  });
  it('gives each new record a random 24-hex id', () => {
    const a = newRecordId();
    expect(a).toMatch(/^[0-9a-f]{24}$/);
    expect(newRecordId()).not.toBe(a);
  });
});

describe('what is still to do (DECISIONS 9)', () => {
  const sections = toSections([
    node('s1', 'SECTION', -100, 1),
    node('a', 'ITEM', 's1', 2),
    node('b', 'ITEM', 's1', 3),
    node('s2', 'SECTION', -100, 4),
    node('c', 'ITEM', 's2', 5),
  ]);
  const problem = (nodeId: string, sectionId: string) => ({
    nodeId,
    sectionId,
    name: nodeId,
    kind: 'result' as const,
    message: 'Result is required',
  });
  const summary = {
    result: 3 as const,
    complete: false,
    incomplete: 2,
    problems: [problem('a', 's1'), problem('s2', 's2'), problem('c', 's2')],
    defects: [],
    results: {},
  };

  it('counts each section’s nodes that still need something', () => {
    expect(sectionToDo(summary, 's1')).toBe(1);
    expect(sectionToDo(summary, 's2')).toBe(2);
    expect(sectionToDo(undefined, 's1')).toBe(0);
  });

  it('goes to the next incomplete node after the one shown, wrapping to the first', () => {
    expect(nextIncompletePick(summary, sections, { sectionId: 's1', itemId: 'a' })).toEqual({ sectionId: 's2', itemId: null });
    expect(nextIncompletePick(summary, sections, { sectionId: 's2', itemId: null })).toEqual({ sectionId: 's2', itemId: 'c' });
    expect(nextIncompletePick(summary, sections, { sectionId: 's2', itemId: 'c' })).toEqual({ sectionId: 's1', itemId: 'a' });
    expect(firstIncompletePick(summary)).toEqual({ sectionId: 's1', itemId: 'a' });
    expect(nextIncompletePick({ ...summary, problems: [] }, sections, { sectionId: 's1', itemId: 'a' })).toBeNull();
  });
});

describe('Pass remaining items in this section (issue 21)', () => {
  const form = (fields: unknown[], formType = 'FORM') =>
    ({
      formId: 7,
      name: 'Visual check',
      formObject: 'TASK TYPE',
      formType,
      samplesMin: 1,
      samplesMax: 2,
      revision: 3,
      formJson: { version: 1, fields },
    }) as unknown as Parameters<typeof passRemaining>[1] extends ReadonlyMap<number, infer F> ? F : never;
  const withForm = (id: string, result: 'pass' | 'fail' | null = null) => ({
    ...node(id, 'ITEM', 's1', 2),
    itemResult: result,
    form: { formId: 7, formName: 'Visual check', formRevision: 3, formType: 'FORM', samplesMin: null, samplesMax: null },
  });

  it('passes the items without a result, answering their forms’ pass/fail fields with Pass', () => {
    const section = { node: node('s1', 'SECTION', -100, 1), items: [node('a', 'ITEM', 's1', 2), withForm('b'), withForm('c', 'fail')] };
    const forms = new Map([
      [
        7,
        form([
          { id: 'f1', kind: 'passfail', key: 'structure', label: 'Structure', required: true, result: true },
          {
            id: 'f2',
            kind: 'textarea',
            key: 'remarks',
            label: 'Remarks',
            required: true,
            visibleWhen: { key: 'structure', equals: ['fail'] },
          },
          { id: 'f3', kind: 'date', key: 'on', label: 'Date', required: true, default: 'today' },
        ]),
      ],
    ]);
    const planned = passRemaining(section, forms, '2026-11-27');
    expect(planned.skipped).toEqual([]);
    expect(planned.inputs).toHaveLength(2);
    expect(planned.inputs[0]).toEqual({ id: 'a', itemResult: 'pass' });
    expect(planned.inputs[1]).toMatchObject({
      id: 'b',
      itemResult: 'pass',
      userData: { records: [{ formId: 7, formRevision: 3, attributes: { structure: 'pass', on: '2026-11-27' } }] },
    });
    expect(remainingInSection(section)).toBe(2);
  });

  it('leaves an item whose form wants a measurement or a yes/no to the inspector', () => {
    const section = { node: node('s1', 'SECTION', -100, 1), items: [withForm('b')] };
    const forms = new Map([[7, form([{ id: 'f1', kind: 'number', key: 'load', label: 'Load', required: true }])]]);
    expect(passRemaining(section, forms, '2026-11-27')).toEqual({ inputs: [], skipped: ['b'] });
  });
});

describe('a refused save in words (issue 21)', () => {
  it('names the node and the sample instead of the path', () => {
    expect(
      fieldErrorsInWords('Load test', {
        's5-load-test.samples[0].result': 'Result is required',
        's5-load-test.samples[2].radius': 'Radius must be at least 1',
        'boom.defect': 'A failed item must record its defect',
      }),
    ).toEqual([
      'Load test, sample 1: Result is required',
      'Load test, sample 3: Radius must be at least 1',
      'Load test: A failed item must record its defect',
    ]);
  });
});
