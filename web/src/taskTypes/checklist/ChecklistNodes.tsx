import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Add from '@mui/icons-material/Add';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type ChecklistItem, type ChecklistSection, REPORT_CATEGORIES, type ReportCategory } from '@portal/contracts';
import type { ChecklistFormOption } from '../options';
import { ITEM, SECTION } from './edits';
import { FormPicker, type NodeProps, NodeRow } from './NodeRow';

export function SectionNode({
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

export function ItemNode({
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
