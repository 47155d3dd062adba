import type { useSortable } from '@dnd-kit/sortable';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Edit from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import type { ChecklistFormOption } from '../options';

export interface NodeProps {
  name: string;
  renaming: boolean;
  onRename(value: string): void;
  onStartRename(): void;
  onCancelRename(): void;
  onDelete(): void;
  rowRef(element: HTMLElement | null): void;
  onKeyDown(event: KeyboardEvent): void;
}

export function NodeRow({
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

export function FormPicker({
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
