import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useDraggable } from '@dnd-kit/core';
import { useState } from 'react';
import { FIELD_KINDS, type FieldKind } from '@portal/contracts/dataForms/definition';
import { DATA_FORM_EDITOR, FIELD_KIND_LABELS } from '@portal/contracts/dataForms/editorMessages';
import { FieldKindIcon } from './FieldKindIcon';

export const PALETTE_PREFIX = 'palette:';

/**
 * The field kinds, to drag onto the canvas (mouse, touch) or to add by click or Enter/Space
 * (appends, or inserts after the selected field). Keyboard users add with Enter and then
 * move the field on the canvas, so the palette's buttons keep their ordinary keys.
 */
export function Palette({ onAdd }: { onAdd(kind: FieldKind): void }) {
  return (
    <Box component="section" aria-labelledby="palette-title" data-testid="palette">
      <Typography id="palette-title" variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 2 }}>
        {DATA_FORM_EDITOR.palette}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(148px, 1fr))', gap: 0.75 }}>
        {FIELD_KINDS.map((kind) => (
          <PaletteItem key={kind} kind={kind} onAdd={onAdd} />
        ))}
      </Box>
    </Box>
  );
}

function PaletteItem({ kind, onAdd }: { kind: FieldKind; onAdd(kind: FieldKind): void }) {
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${kind}`, data: { kind } });
  // Only pointer and touch start a drag here; keys click the button (the canvas is where keys move).
  const { onKeyDown: _keys, ...pointer } = listeners ?? {};
  return (
    <Button
      ref={setNodeRef}
      {...pointer}
      variant="outlined"
      color="inherit"
      size="small"
      data-testid={`palette-${kind}`}
      aria-label={`${DATA_FORM_EDITOR.addField}: ${FIELD_KIND_LABELS[kind]}`}
      startIcon={<FieldKindIcon kind={kind} />}
      onClick={() => onAdd(kind)}
      sx={{
        justifyContent: 'flex-start',
        textTransform: 'none',
        borderColor: 'divider',
        bgcolor: 'background.paper',
        opacity: isDragging ? 0.5 : 1,
        touchAction: 'none',
        fontWeight: 400,
        '& .MuiButton-startIcon': { color: 'primary.main' },
      }}
    >
      {FIELD_KIND_LABELS[kind]}
    </Button>
  );
}

/** On a phone the palette is a menu behind "Add field". */
export function PaletteMenu({ onAdd }: { onAdd(kind: FieldKind): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Add />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="palette-menu"
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
      >
        {DATA_FORM_EDITOR.addField}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {FIELD_KINDS.map((kind) => (
          <MenuItem
            key={kind}
            data-testid={`palette-${kind}`}
            onClick={() => {
              setAnchor(null);
              onAdd(kind);
            }}
          >
            <FieldKindIcon kind={kind} />
            <Box component="span" sx={{ ml: 1.5 }}>
              {FIELD_KIND_LABELS[kind]}
            </Box>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
