import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Edit from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type Checklist, type ChecklistItem, type ChecklistSection, REPORT_CATEGORIES, type ReportCategory } from '@portal/contracts';
import type { ChecklistFormOption } from '../options';
import { addItem, addSection, dropNode, ITEM, removeNode, SECTION, stepNode, updateNode } from './edits';

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

interface NodeProps {
  name: string;
  renaming: boolean;
  onRename(value: string): void;
  onStartRename(): void;
  onCancelRename(): void;
  onDelete(): void;
  rowRef(element: HTMLElement | null): void;
  onKeyDown(event: KeyboardEvent): void;
}

function SectionNode({
  section,
  forms,
  open,
  onToggle,
  onAddItem,
  onForm,
  children,
  ...node
}: NodeProps & {
  section: ChecklistSection;
  forms: ChecklistFormOption[];
  open: boolean;
  onToggle(): void;
  onAddItem(): void;
  onForm(formId: number | undefined): void;
  children: ReactNode;
}) {
  const sortable = useSortable({ id: SECTION + section.id });
  return (
    <Box
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        mb: 1,
        bgcolor: 'background.paper',
        position: 'relative',
        zIndex: sortable.isDragging ? 3 : 'auto',
        boxShadow: sortable.isDragging ? 4 : 0,
      }}
    >
      <NodeRow
        id={section.id}
        kind="section"
        level={1}
        expanded={open}
        handle={sortable}
        {...node}
        lead={
          <IconButton size="small" aria-label={open ? `Collapse ${section.name}` : `Expand ${section.name}`} onClick={onToggle}>
            {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
          </IconButton>
        }
        pickers={<FormPicker id={section.id} value={section.formId ?? undefined} forms={forms} onChange={onForm} label="Section form" />}
        extra={
          <IconButton
            size="small"
            aria-label={`Add item to ${section.name}`}
            onClick={onAddItem}
            data-testid={`checklist-add-item-${section.id}`}
          >
            <Add fontSize="small" />
          </IconButton>
        }
        sx={{ bgcolor: '#f8fafc', fontWeight: 600 }}
      />
      {open && (
        <Box role="group" sx={{ pb: 0.5 }}>
          {children}
        </Box>
      )}
    </Box>
  );
}

function ItemNode({
  item,
  forms,
  onForm,
  onCategory,
  ...node
}: NodeProps & {
  item: ChecklistItem;
  forms: ChecklistFormOption[];
  onForm(formId: number | undefined): void;
  onCategory(category: ReportCategory | undefined): void;
}) {
  const sortable = useSortable({ id: ITEM + item.id });
  return (
    <Box
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      sx={{
        position: 'relative',
        zIndex: sortable.isDragging ? 3 : 'auto',
        bgcolor: 'background.paper',
        boxShadow: sortable.isDragging ? 3 : 0,
      }}
    >
      <NodeRow
        id={item.id}
        kind="item"
        level={2}
        handle={sortable}
        {...node}
        lead={<Box sx={{ width: 30 }} />}
        pickers={
          <>
            <FormPicker id={item.id} value={item.formId ?? undefined} forms={forms} onChange={onForm} label="Data form" />
            <TextField
              select
              size="small"
              label="Report category"
              value={item.reportCategory ?? ''}
              onChange={(e) => onCategory((e.target.value || undefined) as ReportCategory | undefined)}
              sx={{ width: 150 }}
              slotProps={{
                select: { displayEmpty: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': `checklist-category-${item.id}` },
              }}
            >
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {REPORT_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          </>
        }
      />
    </Box>
  );
}

function NodeRow({
  id,
  kind,
  level,
  expanded,
  handle,
  lead,
  pickers,
  extra,
  name,
  renaming,
  onRename,
  onStartRename,
  onCancelRename,
  onDelete,
  rowRef,
  onKeyDown,
  sx,
}: NodeProps & {
  id: string;
  kind: 'section' | 'item';
  level: number;
  expanded?: boolean;
  handle: ReturnType<typeof useSortable>;
  lead: ReactNode;
  pickers: ReactNode;
  extra?: ReactNode;
  sx?: object;
}) {
  return (
    <Box
      ref={rowRef}
      role="treeitem"
      aria-level={level}
      aria-expanded={expanded}
      aria-roledescription={kind}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid={`checklist-node-${id}`}
      data-kind={kind}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 0.5,
        rowGap: 0.75,
        px: 0.5,
        py: 0.5,
        borderRadius: 1,
        outline: 'none',
        '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
        ...sx,
      }}
    >
      <IconButton
        size="small"
        ref={handle.setActivatorNodeRef}
        {...handle.attributes}
        {...handle.listeners}
        aria-label={`Drag ${name}`}
        data-testid={`checklist-drag-${id}`}
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicator fontSize="small" />
      </IconButton>
      {lead}
      <Box sx={{ flex: '1 1 0', minWidth: 0, order: 0 }}>
        {renaming ? (
          <RenameField initial={name} onDone={onRename} onCancel={onCancelRename} />
        ) : (
          <Typography
            component="span"
            data-testid={`checklist-name-${id}`}
            onDoubleClick={onStartRename}
            title={name}
            sx={{
              display: 'block',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              fontWeight: kind === 'section' ? 600 : 400,
            }}
          >
            {name}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          order: 1,
          // A narrow tree (a phone, a tablet panel) puts the pickers on a line of their own.
          '@container (max-width: 560px)': {
            order: 3,
            flexBasis: '100%',
            pl: 4.5,
            pr: 1,
            pb: 0.5,
            display: 'grid',
            gridTemplateColumns: kind === 'section' ? '1fr' : '1fr 1fr',
            '& > .MuiTextField-root': { width: '100%' },
          },
        }}
      >
        {pickers}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', order: 2 }}>
        {extra}
        <IconButton size="small" aria-label={`Rename ${name}`} onClick={onStartRename} data-testid={`checklist-rename-${id}`}>
          <Edit fontSize="small" />
        </IconButton>
        <IconButton size="small" color="error" aria-label={`Delete ${name}`} onClick={onDelete} data-testid={`checklist-delete-${id}`}>
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
}

function RenameField({ initial, onDone, onCancel }: { initial: string; onDone(value: string): void; onCancel(): void }) {
  const [value, setValue] = useState(initial);
  const done = useRef(false);
  const finish = (commit: boolean) => {
    if (done.current) return;
    done.current = true;
    if (commit) onDone(value);
    else onCancel();
  };
  return (
    <TextField
      size="small"
      fullWidth
      autoFocus
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onFocus={(e) => e.target.select()}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') {
          e.preventDefault();
          finish(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          finish(false);
        }
      }}
      slotProps={{ htmlInput: { 'aria-label': 'Name', maxLength: 300, 'data-testid': 'checklist-rename-input' } }}
    />
  );
}

function FormPicker({
  id,
  value,
  forms,
  onChange,
  label,
}: {
  id: string;
  value: number | undefined;
  forms: ChecklistFormOption[];
  onChange(formId: number | undefined): void;
  label: string;
}) {
  // A form the list does not offer (archived since, or the list failed) stays shown by its id.
  const choices = value && !forms.some((f) => f.id === value) ? [...forms, { id: value, name: `Form #${value}` }] : forms;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ? String(value) : ''}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      sx={{ flex: '1 1 140px', width: 160, minWidth: 0 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `checklist-form-${id}` } }}
    >
      <MenuItem value="">
        <em>No form</em>
      </MenuItem>
      {choices.map((f) => (
        <MenuItem key={f.id} value={String(f.id)}>
          {f.name}
          {'formType' in f && f.formType ? ` (${f.formType})` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
