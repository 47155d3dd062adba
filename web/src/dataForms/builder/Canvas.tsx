import Close from '@mui/icons-material/Close';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo } from 'react';
import { type FormField, isValueField } from '@portal/contracts/dataForms/definition';
import { DATA_FORM_EDITOR, FIELD_KIND_LABELS } from '@portal/contracts/dataForms/editorMessages';
import { FieldKindIcon } from './FieldKindIcon';

export const CANVAS_ID = 'canvas';

/** The form's fields in order: drop palette items here, reorder by handle, select to edit, remove. */
export function Canvas({
  fields,
  selectedId,
  problems,
  onSelect,
  onRemove,
}: {
  fields: readonly FormField[];
  selectedId: string | null;
  problems: ReadonlyMap<string, string>;
  onSelect(id: string): void;
  onRemove(id: string): void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID });
  return (
    <Box
      ref={setNodeRef}
      component="ol"
      aria-label="Form fields"
      data-testid="canvas"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 1,
        minHeight: 240,
        borderRadius: 1,
        border: '2px dashed',
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.hover' : 'grey.50',
        display: 'flex',
        flexDirection: 'column',
        gap: 0.75,
      }}
    >
      <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        {fields.map((field, index) => (
          <CanvasField
            key={field.id}
            field={field}
            index={index}
            selected={field.id === selectedId}
            problem={problems.get(field.id)}
            onSelect={onSelect}
            onRemove={onRemove}
          />
        ))}
      </SortableContext>
      {fields.length === 0 && (
        <Box component="li" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="canvas-empty">
          {DATA_FORM_EDITOR.emptyCanvas}
        </Box>
      )}
    </Box>
  );
}

const CanvasField = memo(function CanvasField({
  field,
  index,
  selected,
  problem,
  onSelect,
  onRemove,
}: {
  field: FormField;
  index: number;
  selected: boolean;
  problem: string | undefined;
  onSelect(id: string): void;
  onRemove(id: string): void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.id });
  const required = isValueField(field) && field.required;
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid={`canvas-field-${index}`}
      data-field-id={field.id}
      data-kind={field.kind}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(field.id)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.75,
        bgcolor: 'background.paper',
        borderRadius: 1,
        border: '1px solid',
        borderColor: problem ? 'error.main' : selected ? 'primary.main' : 'divider',
        boxShadow: selected ? (t) => `0 0 0 1px ${t.palette.primary.main}` : isDragging ? 3 : 0,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : 'auto',
        cursor: 'pointer',
        ...(field.kind === 'heading' && { bgcolor: 'grey.100' }),
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        {...attributes}
        {...listeners}
        onFocus={() => onSelect(field.id)}
        aria-label={`${DATA_FORM_EDITOR.dragHandle}: ${field.label}`}
        data-testid="drag-handle"
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicator fontSize="small" />
      </IconButton>
      <FieldKindIcon kind={field.kind} sx={{ color: 'primary.main' }} />
      {/* The label is the keyboard's way to edit a field: Enter selects it and moves to its properties. */}
      <Box
        role="button"
        tabIndex={0}
        aria-label={`${DATA_FORM_EDITOR.editField}: ${field.label}`}
        data-testid="edit-field"
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          onSelect(field.id);
          requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="prop-label"]')?.focus());
        }}
        sx={{
          flex: 1,
          minWidth: 0,
          borderRadius: 0.5,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Typography
          variant={field.kind === 'heading' ? 'subtitle1' : 'body2'}
          sx={{ fontWeight: field.kind === 'heading' ? 600 : 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          data-testid="canvas-field-label"
        >
          {field.label}
          {required && (
            <Box component="span" sx={{ color: 'error.main' }} aria-label="required">
              {' *'}
            </Box>
          )}
        </Typography>
        <Typography variant="caption" color={problem ? 'error' : 'text.secondary'} sx={{ display: 'block' }} noWrap>
          {problem ?? (isValueField(field) ? `${FIELD_KIND_LABELS[field.kind]} · ${field.key}` : FIELD_KIND_LABELS[field.kind])}
        </Typography>
      </Box>
      {field.kind === 'passfail' && field.result && (
        <Chip
          size="small"
          label={DATA_FORM_EDITOR.resultChip}
          title={DATA_FORM_EDITOR.resultChipTitle}
          color="primary"
          variant="outlined"
          data-testid="canvas-result-field"
        />
      )}
      {field.visibleWhen && <Chip size="small" label={`if ${field.visibleWhen.key}`} variant="outlined" />}
      <IconButton
        size="small"
        aria-label={`${DATA_FORM_EDITOR.removeField}: ${field.label}`}
        data-testid="remove-field"
        onClick={(e) => {
          e.stopPropagation();
          onRemove(field.id);
        }}
      >
        <Close fontSize="small" />
      </IconButton>
    </Box>
  );
});
