import { describe, expect, it } from 'vitest';
import { Checklist } from '@portal/contracts';
import { addItem, addSection, dropNode, moveItem, removeNode, stepNode, updateNode } from './edits';

const doc: Checklist = {
  sections: [
    {
      id: 'a',
      name: 'A',
      items: [
        { id: 'a1', name: 'A1' },
        { id: 'a2', name: 'A2' },
      ],
    },
    { id: 'b', name: 'B', items: [{ id: 'b1', name: 'B1' }] },
  ],
};
const names = (d: Checklist) => d.sections.map((s) => `${s.name}:${s.items.map((i) => i.name).join(',')}`);

describe('checklist tree edits', () => {
  it('adds sections and items with fresh ids the schema accepts', () => {
    const withSection = addSection(doc, 'C');
    const withItem = addItem(withSection.doc, withSection.id, 'C1');
    expect(names(withItem.doc)).toEqual(['A:A1,A2', 'B:B1', 'C:C1']);
    expect(Checklist.safeParse(withItem.doc).success).toBe(true);
    expect(addItem(withItem.doc, 'a', 'A3').id).toBe('item-2');
  });

  it('renames, sets and clears an item form and category, deletes', () => {
    const set = updateNode(doc, 'a1', { name: 'First', formId: 7, reportCategory: 'VISUAL' });
    expect(set.sections[0].items[0]).toEqual({ id: 'a1', name: 'First', formId: 7, reportCategory: 'VISUAL' });
    expect(updateNode(set, 'a1', { formId: undefined }).sections[0].items[0]).toEqual({
      id: 'a1',
      name: 'First',
      reportCategory: 'VISUAL',
    });
    expect(names(removeNode(doc, 'a'))).toEqual(['B:B1']);
    expect(names(removeNode(doc, 'a2'))).toEqual(['A:A1', 'B:B1']);
  });

  it('steps nodes with the keyboard, items across section edges', () => {
    expect(names(stepNode(doc, 'b', -1))).toEqual(['B:B1', 'A:A1,A2']);
    expect(names(stepNode(doc, 'a1', 1))).toEqual(['A:A2,A1', 'B:B1']);
    expect(names(stepNode(doc, 'a2', 1))).toEqual(['A:A1', 'B:A2,B1']);
    expect(names(stepNode(doc, 'b1', -1))).toEqual(['A:A1,A2,B1', 'B:']);
    expect(stepNode(doc, 'a', -1)).toBe(doc);
    expect(names(moveItem(doc, { section: 1, index: 0 }, { section: 0, index: 1 }))).toEqual(['A:A1,B1,A2', 'B:']);
  });

  it('drops sections and items where the drag ends', () => {
    expect(names(dropNode(doc, 's:b', 's:a'))).toEqual(['B:B1', 'A:A1,A2']);
    expect(names(dropNode(doc, 's:a', 'i:b1'))).toEqual(['B:B1', 'A:A1,A2']);
    expect(names(dropNode(doc, 'i:a1', 'i:a2'))).toEqual(['A:A2,A1', 'B:B1']);
    expect(names(dropNode(doc, 'i:a1', 'i:b1'))).toEqual(['A:A2', 'B:A1,B1']);
    expect(names(dropNode(doc, 'i:b1', 's:a'))).toEqual(['A:A1,A2,B1', 'B:']);
    expect(dropNode(doc, 'i:a1', 's:a')).toBe(doc);
    expect(dropNode(doc, 'i:nope', 'i:a1')).toBe(doc);
  });
});
