import { describe, expect, it } from 'vitest';
import type { FormJsonAnswer } from '@portal/contracts';
import { draftOf, newRecord, sameDraft, userDataOf, withInitialRecords } from './draft';

const form = (formType: FormJsonAnswer['formType'], samplesMin = 1, samplesMax = 2): FormJsonAnswer =>
  ({
    formId: 9,
    name: 'Load test',
    formObject: 'TASK TYPE',
    formType,
    samplesMin,
    samplesMax,
    revision: 4,
    formJson: { version: 1, fields: [{ id: 'f1', kind: 'number', key: 'load', label: 'Load (t)', required: true }] },
  }) as FormJsonAnswer;

describe('a node draft', () => {
  it('starts from the node userData and result', () => {
    expect(draftOf(null)).toEqual({ records: [], files: [], result: null, defect: null });
    const files = [{ blobKey: 'k', fileName: 'x.pdf', fileType: 'application/pdf' }];
    expect(draftOf({ records: [], files }, 'fail')).toEqual({ records: [], files, result: 'fail', defect: null });
    // A node's saved defect is where its draft starts.
    const defect = { description: 'Crack', danger: 1 as const, remedialAction: null, remedyBy: null };
    expect(draftOf(null, 'fail', defect).defect).toEqual(defect);
  });

  it('makes a record at the form revision with the definition defaults', () => {
    const record = newRecord(form('FORM'), '2026-03-05', 'r1');
    expect(record).toMatchObject({ formId: 9, formName: 'Load test', formRevision: 4, formRecordId: 'r1', attributesFiles: [] });
  });

  it('starts a form with one record, a MULTIPLE form with Min of them, and keeps existing records', () => {
    const empty = draftOf(null);
    expect(withInitialRecords(empty, form('FORM'), '2026-03-05').records).toHaveLength(1);
    expect(withInitialRecords(empty, form('MULTIPLE', 3, 5), '2026-03-05').records).toHaveLength(3);
    expect(withInitialRecords(empty, form('MULTIPLE', 0, 5), '2026-03-05').records).toHaveLength(1);
    const kept = { ...empty, records: [newRecord(form('FORM'), '2026-03-05', 'r1')] };
    expect(withInitialRecords(kept, form('MULTIPLE', 3, 5), '2026-03-05')).toBe(kept);
  });

  it('saves records and files, and compares drafts by content', () => {
    const draft = { records: [], files: [], result: 'pass' as const, defect: null };
    expect(userDataOf(draft)).toEqual({ records: [], files: [] });
    expect(sameDraft(draft, { ...draft })).toBe(true);
    expect(sameDraft(draft, { ...draft, result: 'fail' })).toBe(false);
    // A defect typed in is a change to keep.
    expect(sameDraft(draft, { ...draft, defect: { description: 'Crack', danger: 1, remedialAction: null, remedyBy: null } })).toBe(false);
  });
});
