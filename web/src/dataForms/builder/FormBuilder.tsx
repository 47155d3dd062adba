import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { type Dispatch, type KeyboardEvent, type ReactNode, useCallback, useMemo, useState } from 'react';
import type { FieldKind, FormField } from '@portal/contracts/dataForms/definition';
import { DATA_FORM_EDITOR, DRAG_ANNOUNCEMENTS, FIELD_KIND_LABELS } from '@portal/contracts/dataForms/editorMessages';
import type { BuilderAction, BuilderState } from './builderState';
import { CANVAS_ID, Canvas } from './Canvas';
import { FieldKindIcon } from './FieldKindIcon';
import { PALETTE_PREFIX, Palette, PaletteMenu } from './Palette';
import { PropertiesPanel } from './PropertiesPanel';
import type { DefinitionProblems } from './problems';

const isPalette = (id: unknown) => typeof id === 'string' && id.startsWith(PALETTE_PREFIX);

/**
 * Palette drags land where the pointer is (a field, else the canvas); field drags (mouse,
 * touch or keys) find the closest field, never the canvas box itself.
 */
const collisions: CollisionDetection = (args) => {
  if (isPalette(args.active.id)) {
    const hits = pointerWithin(args);
    return hits.filter((h) => h.id !== CANVAS_ID).concat(hits.filter((h) => h.id === CANVAS_ID));
  }
  return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => c.id !== CANVAS_ID) });
};

/**
 * The drag-and-drop builder (our own, on @dnd-kit): palette, canvas, properties, undo, and a
 * preview the page supplies (the real renderer). State lives in the page (it saves and resets).
 */
export function FormBuilder({
  state,
  dispatch,
  problems,
  phone,
  preview,
}: {
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  problems: DefinitionProblems;
  /** A phone: stacked, the palette as a menu. */
  phone: boolean;
  /** The live preview of the definition, shown instead of the canvas in Preview mode. */
  preview: () => ReactNode;
}) {
  const [mode, setMode] = useState<'build' | 'preview'>('build');
  const [dragging, setDragging] = useState<{ label: string; kind: FieldKind } | null>(null);
  const fields = state.definition.fields;
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const labelOf = useCallback(
    (id: unknown) =>
      isPalette(id)
        ? FIELD_KIND_LABELS[String(id).slice(PALETTE_PREFIX.length) as FieldKind]
        : (fields.find((f) => f.id === id)?.label ?? ''),
    [fields],
  );
  const positionOf = useCallback((id: unknown) => fields.findIndex((f) => f.id === id) + 1, [fields]);
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) =>
        isPalette(active.id)
          ? `${labelOf(active.id)}`
          : DRAG_ANNOUNCEMENTS.pickedUp(labelOf(active.id), positionOf(active.id), fields.length),
      onDragOver: ({ active, over }) =>
        over && !isPalette(active.id) && over.id !== CANVAS_ID
          ? DRAG_ANNOUNCEMENTS.movedOver(labelOf(active.id), positionOf(over.id), fields.length)
          : undefined,
      onDragEnd: ({ active, over }) =>
        over && !isPalette(active.id) && over.id !== CANVAS_ID
          ? DRAG_ANNOUNCEMENTS.dropped(labelOf(active.id), positionOf(over.id), fields.length)
          : undefined,
      onDragCancel: ({ active }) => DRAG_ANNOUNCEMENTS.cancelled(labelOf(active.id)),
    }),
    [labelOf, positionOf, fields.length],
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    const field = fields.find((f) => f.id === active.id);
    if (field) setDragging({ label: field.label, kind: field.kind });
    else if (isPalette(active.id)) {
      const kind = String(active.id).slice(PALETTE_PREFIX.length) as FieldKind;
      setDragging({ label: FIELD_KIND_LABELS[kind], kind });
    }
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    if (!over) return;
    if (isPalette(active.id)) {
      const kind = String(active.id).slice(PALETTE_PREFIX.length) as FieldKind;
      if (over.id === CANVAS_ID) return dispatch({ type: 'add', kind, index: fields.length });
      const at = fields.findIndex((f) => f.id === over.id);
      if (at < 0) return;
      // Below the middle of the field it is dropped on: after it.
      const dragged = active.rect.current.translated;
      const after = dragged ? dragged.top + dragged.height / 2 > over.rect.top + over.rect.height / 2 : false;
      return dispatch({ type: 'add', kind, index: after ? at + 1 : at });
    }
    const from = fields.findIndex((f) => f.id === active.id);
    const to = fields.findIndex((f) => f.id === over.id);
    if (from >= 0 && to >= 0 && from !== to) dispatch({ type: 'move', from, to });
  };

  // A field added by click or Enter is announced the way a drop is (the reducer puts it after the selection).
  const [added, setAdded] = useState('');
  const add = useCallback(
    (kind: FieldKind) => {
      const selectedAt = fields.findIndex((f) => f.id === state.selectedId);
      const position = selectedAt < 0 ? fields.length + 1 : selectedAt + 2;
      dispatch({ type: 'add', kind });
      setAdded(DRAG_ANNOUNCEMENTS.added(FIELD_KIND_LABELS[kind], position, fields.length + 1));
    },
    [dispatch, fields, state.selectedId],
  );
  const select = useCallback((id: string) => dispatch({ type: 'select', id }), [dispatch]);
  const remove = useCallback((id: string) => dispatch({ type: 'remove', id }), [dispatch]);
  const selected = fields.find((f) => f.id === state.selectedId) ?? null;
  const change = useCallback(
    (field: FormField, coalesce?: string) => dispatch({ type: 'update', id: field.id, field, coalesce }),
    [dispatch],
  );

  // Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) outside text inputs, which keep their own undo.
  const onKeyDown = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (!(e.ctrlKey || e.metaKey) || target.closest('input, textarea, [contenteditable]')) return;
    const key = e.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      e.preventDefault();
      dispatch({ type: key === 'y' || e.shiftKey ? 'redo' : 'undo' });
    }
  };

  return (
    <Box onKeyDown={onKeyDown} data-testid="form-builder" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_, v) => v && setMode(v)} aria-label="Builder mode">
          <ToggleButton value="build" data-testid="mode-build" sx={{ px: 2 }}>
            {DATA_FORM_EDITOR.build}
          </ToggleButton>
          <ToggleButton value="preview" data-testid="mode-preview" sx={{ px: 2 }}>
            {DATA_FORM_EDITOR.preview}
          </ToggleButton>
        </ToggleButtonGroup>
        <Tooltip title={`${DATA_FORM_EDITOR.undo} (Ctrl+Z)`}>
          <span>
            <IconButton
              aria-label={DATA_FORM_EDITOR.undo}
              data-testid="undo"
              disabled={!state.past.length}
              onClick={() => dispatch({ type: 'undo' })}
            >
              <Undo />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={`${DATA_FORM_EDITOR.redo} (Ctrl+Shift+Z)`}>
          <span>
            <IconButton
              aria-label={DATA_FORM_EDITOR.redo}
              data-testid="redo"
              disabled={!state.future.length}
              onClick={() => dispatch({ type: 'redo' })}
            >
              <Redo />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="body2" color="text.secondary" data-testid="field-count" sx={{ ml: 'auto' }}>
          {DATA_FORM_EDITOR.fieldCount(fields.length)}
        </Typography>
        {phone && mode === 'build' && <PaletteMenu onAdd={add} />}
      </Box>
      <Box role="status" aria-live="polite" data-testid="builder-announcement" sx={visuallyHidden}>
        {added}
      </Box>
      {problems.list.length > 0 && (
        <Alert severity="warning" data-testid="definition-problems">
          {DATA_FORM_EDITOR.definitionProblems}: {problems.list[0]}
          {problems.list.length > 1 ? ` (+${problems.list.length - 1})` : ''}
        </Alert>
      )}
      {mode === 'preview' ? (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }} data-testid="preview">
          {preview()}
        </Paper>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={collisions}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
          accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_ANNOUNCEMENTS.instructions } }}
        >
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px', xl: 'minmax(0, 1fr) 340px' },
              gap: 2,
              alignItems: 'start',
            }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
              {!phone && <Palette onAdd={add} />}
              <Canvas fields={fields} selectedId={state.selectedId} problems={problems.byField} onSelect={select} onRemove={remove} />
            </Box>
            <Paper
              variant="outlined"
              component="section"
              aria-label={DATA_FORM_EDITOR.properties}
              sx={{ position: { md: 'sticky' }, top: { md: 16 }, maxHeight: { md: 'calc(100vh - 120px)' }, overflow: 'auto' }}
            >
              <Typography variant="overline" color="text.secondary" sx={{ display: 'block', px: 2, pt: 1 }}>
                {DATA_FORM_EDITOR.properties}
              </Typography>
              <PropertiesPanel
                field={selected}
                fields={fields}
                errors={problems.byProperty.get(selected?.id ?? '') ?? EMPTY}
                keyFollowsLabel={selected !== null && !state.loadedIds.has(selected.id)}
                onChange={change}
              />
            </Paper>
          </Box>
          <DragOverlay dropAnimation={null}>
            {dragging && (
              <Paper
                elevation={6}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, maxWidth: 360, cursor: 'grabbing' }}
              >
                <FieldKindIcon kind={dragging.kind} sx={{ color: 'primary.main' }} />
                <Typography variant="body2" noWrap>
                  {dragging.label}
                </Typography>
              </Paper>
            )}
          </DragOverlay>
        </DndContext>
      )}
    </Box>
  );
}

const EMPTY: ReadonlyMap<string, string> = new Map();
