import AddCircle from '@mui/icons-material/AddCircleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import MenuBook from '@mui/icons-material/MenuBookOutlined';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { type ChildLlgList, type ChildLlgTask, LLG_TEXT } from '@portal/contracts';
import { documentUrl } from '../api';
import { TaskStatusIcon } from '../TaskStatusIcon';
import { filterChildren } from './llgRules';
import { LLG_UI } from './texts';

/**
 * CHILDREN of the LLG checklist view (tasks document 2.3): 'Search Child LLG Task' over serial,
 * type and specification, 'Add New Task' where the server says the caller may add, a delete
 * icon where it says the child may go, the booklet once issued; the list scrolls inside a box of
 * at most 500 px.
 */
export function ChildList({
  list,
  selected,
  onSelect,
  onAdd,
  onDelete,
  maxHeight,
}: {
  list: ChildLlgList;
  selected: number | null;
  onSelect(child: ChildLlgTask): void;
  onAdd(): void;
  onDelete(child: ChildLlgTask): void;
  maxHeight: number;
}) {
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterChildren(list.children, search), [list.children, search]);
  return (
    <Box data-testid="llg-children" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 1.5, pr: 0.5 }}>
        <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', lineHeight: 2.4, flex: 1 }}>
          {LLG_UI.children} · {list.children.length}
        </Typography>
        {list.booklet && (
          <Tooltip title={LLG_UI.openBooklet}>
            <Button
              size="small"
              startIcon={<MenuBook />}
              href={documentUrl(list.booklet.blobKey, list.parentId)}
              target="_blank"
              rel="noopener"
              data-testid="llg-booklet"
            >
              {LLG_UI.booklet}
            </Button>
          </Tooltip>
        )}
        {list.canAdd && (
          <Tooltip title={LLG_TEXT.addChild}>
            <IconButton color="primary" onClick={onAdd} aria-label={LLG_TEXT.addChild} data-testid="llg-add-child">
              <AddCircle />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Box sx={{ px: 1.5, pb: 1 }}>
        <TextField
          size="small"
          fullWidth
          placeholder={LLG_TEXT.searchChild}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': LLG_TEXT.searchChild, 'data-testid': 'llg-child-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {shown.length === 0 ? (
        <Typography sx={{ px: 1.5, pb: 1.5 }} color="text.secondary" data-testid="llg-children-empty">
          {list.children.length === 0 ? (list.canAdd ? LLG_UI.noChildrenAdd : LLG_UI.noChildren) : LLG_UI.noMatch}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight, overflowY: 'auto', pb: 0.5 }} data-testid="llg-child-list">
          {shown.map((child) => (
            <ChildEntry
              key={child.id}
              child={child}
              selected={child.id === selected}
              onSelect={() => onSelect(child)}
              onDelete={() => onDelete(child)}
            />
          ))}
        </List>
      )}
    </Box>
  );
}

function ChildEntry({
  child,
  selected,
  onSelect,
  onDelete,
}: {
  child: ChildLlgTask;
  selected: boolean;
  onSelect(): void;
  onDelete(): void;
}) {
  const details = [
    child.taskTypeDesc,
    child.specification,
    child.acronymCode ? `ID ${child.acronymCode}` : null,
    child.safeWorkingLoad ? `SWL ${child.safeWorkingLoad}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <ListItem
      disablePadding
      data-testid="llg-child"
      data-serial={child.llgSerialNumber}
      data-complete={child.complete || undefined}
      secondaryAction={
        child.can.delete ? (
          <Tooltip title={LLG_UI.deleteChild(child.llgSerialNumber)}>
            <IconButton
              edge="end"
              size="small"
              onClick={onDelete}
              aria-label={LLG_UI.deleteChild(child.llgSerialNumber)}
              data-testid="llg-delete-child"
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : undefined
      }
    >
      <ListItemButton
        selected={selected}
        aria-current={selected || undefined}
        onClick={onSelect}
        sx={{ borderRadius: 1, mx: 0.5, pr: child.can.delete ? 6 : 1.5, alignItems: 'flex-start', gap: 1 }}
        data-testid="llg-child-button"
      >
        <Box sx={{ pt: 0.25 }}>
          <TaskStatusIcon status={child.status} />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {child.llgSerialNumber}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-word' }}>
            {details}
          </Typography>
        </Box>
        <CompleteMark complete={child.complete} />
      </ListItemButton>
    </ListItem>
  );
}

/** Whether every item of the child's checklist has its result (what the parent's Submit needs). */
function CompleteMark({ complete }: { complete: boolean }) {
  return (
    <Typography
      variant="caption"
      sx={{
        mt: 0.25,
        px: 0.75,
        borderRadius: 1,
        fontWeight: 600,
        whiteSpace: 'nowrap',
        bgcolor: complete ? '#e8f5e9' : '#fff4d6',
        color: complete ? '#1b5e20' : '#7a4f00',
      }}
      data-testid="llg-child-state"
    >
      {complete ? LLG_UI.complete : LLG_UI.toDo}
    </Typography>
  );
}
