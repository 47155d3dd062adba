import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Checklist } from '@portal/contracts';
import type { ChecklistFormOption } from '../options';
import { addItem, addSection, dropNode, ITEM, removeNode, SECTION, stepNode, updateNode } from './edits';
import { ItemNode, SectionNode } from './ChecklistNodes';

/**
 * The checklist as a tree of sections and items: add, rename inline (double-click, F2 or the
 * pencil), delete, pick each node's data form and each item's report category, reorder by
 * dragging the handle or from the keyboard (Alt+ArrowUp/Down on a focused row; or Space on the
 * handle, arrows, Space). Every edit answers a new Checklist; the editor rewrites the JSON.
 */
export function ChecklistTree({
  checklist,
  forms,
  onChange,
}: {
  checklist: Checklist;
  forms: ChecklistFormOption[];
  onChange(next: Checklist): void;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLElement>());
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Keeps the focus on a node the keyboard moved (its row is rendered anew at its new place).
  useEffect(() => {
    if (!focusAfter) return;
    rows.current.get(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const register = (id: string) => (element: HTMLElement | null) => {
    if (element) rows.current.set(id, element);
    else rows.current.delete(id);
  };

  const onKeyDown = (id: string) => (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const next = stepNode(checklist, id, event.key === 'ArrowUp' ? -1 : 1);
      if (next !== checklist) {
        onChange(next);
        setFocusAfter(id);
      }
    } else if (event.key === 'F2' || event.key === 'Enter') {
      event.preventDefault();
      setRenaming(id);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      onChange(removeNode(checklist, id));
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const next = dropNode(checklist, String(active.id), String(over.id));
    if (next !== checklist) onChange(next);
  };

  const rename = (id: string, name: string) => {
    setRenaming(null);
    if (name.trim()) onChange(updateNode(checklist, id, { name: name.trim() }));
    setFocusAfter(id);
  };

  const newSection = () => {
    const { doc, id } = addSection(checklist, 'New section');
    onChange(doc);
    setRenaming(id);
  };

  const newItem = (sectionId: string) => {
    const { doc, id } = addItem(checklist, sectionId, 'New item');
    onChange(doc);
    setCollapsed((current) => {
      const next = new Set(current);
      next.delete(sectionId);
      return next;
    });
    setRenaming(id);
  };

  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const common = (id: string, name: string) => ({
    renaming: renaming === id,
    onRename: (value: string) => rename(id, value),
    onStartRename: () => setRenaming(id),
    onCancelRename: () => {
      setRenaming(null);
      setFocusAfter(id);
    },
    onDelete: () => onChange(removeNode(checklist, id)),
    rowRef: register(id),
    onKeyDown: onKeyDown(id),
    name,
  });

  return (
    <Box data-testid="checklist-tree" sx={{ containerType: 'inline-size' }}>
      {/* The drag announcements (a status region) stay outside the tree, which holds tree items only. */}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <Box role="tree" aria-label="Checklist">
          <SortableContext items={checklist.sections.map((s) => SECTION + s.id)} strategy={verticalListSortingStrategy}>
            {checklist.sections.map((section) => (
              <SectionNode
                key={section.id}
                section={section}
                forms={forms}
                open={!collapsed.has(section.id)}
                onToggle={() => toggle(section.id)}
                onAddItem={() => newItem(section.id)}
                onForm={(formId) => onChange(updateNode(checklist, section.id, { formId }))}
                {...common(section.id, section.name)}
              >
                <SortableContext items={section.items.map((i) => ITEM + i.id)} strategy={verticalListSortingStrategy}>
                  {section.items.map((item) => (
                    <ItemNode
                      key={item.id}
                      item={item}
                      forms={forms}
                      onForm={(formId) => onChange(updateNode(checklist, item.id, { formId }))}
                      onCategory={(reportCategory) => onChange(updateNode(checklist, item.id, { reportCategory }))}
                      {...common(item.id, item.name)}
                    />
                  ))}
                </SortableContext>
                {section.items.length === 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ pl: 7, py: 0.75 }}>
                    No items yet
                  </Typography>
                )}
              </SectionNode>
            ))}
          </SortableContext>
        </Box>
      </DndContext>
      {checklist.sections.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
          The checklist has no sections yet.
        </Typography>
      )}
      <Button startIcon={<Add />} onClick={newSection} size="small" sx={{ mt: 1 }} data-testid="checklist-add-section">
        Add section
      </Button>
    </Box>
  );
}
