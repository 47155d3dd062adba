import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import Folder from '@mui/icons-material/Folder';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LIBRARY_TEXT, type LibraryEntry } from '@portal/contracts';
import { SearchBox } from '../common/list';

/**
 * The library's folders card: Add folder (for a role that may), the folder search, and the
 * folders found, each with its menu (Edit Folder, Delete Folder, Add Files from its `can` flags).
 */
export function FolderList({
  loading,
  folders,
  total,
  selectedId,
  search,
  onSearch,
  onAddFolder,
  onPick,
  onEdit,
  onDelete,
  onUpload,
}: {
  loading: boolean;
  /** The folders matching the search. */
  folders: LibraryEntry[];
  /** How many folders there are, matching or not. */
  total: number;
  selectedId: number | null;
  search: string;
  onSearch(search: string): void;
  /** Add folder; without it the button is not offered. */
  onAddFolder?: () => void;
  onPick(folder: LibraryEntry): void;
  onEdit(folder: LibraryEntry): void;
  onDelete(folder: LibraryEntry): void;
  onUpload(folder: LibraryEntry): void;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={LIBRARY_TEXT.folders} data-testid="library-folders">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, pb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {LIBRARY_TEXT.folders}
        </Typography>
        {onAddFolder && (
          <Button size="small" variant="contained" startIcon={<CreateNewFolder />} onClick={onAddFolder} data-testid="library-add-folder">
            {LIBRARY_TEXT.addFolder}
          </Button>
        )}
      </Box>
      <Box sx={{ px: 1.5, pb: 1 }}>
        <SearchBox label={LIBRARY_TEXT.searchFolders} value={search} onChange={onSearch} width="100%" delay={150} />
      </Box>
      {loading ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress size={24} aria-label="Loading folders" />
        </Box>
      ) : folders.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }} data-testid="library-no-folders">
          {total === 0 ? LIBRARY_TEXT.noFolders : LIBRARY_TEXT.noFolderMatch}
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: { md: 'calc(100vh - 300px)' }, overflowY: 'auto' }}>
          {folders.map((f) => (
            <FolderRow
              key={f.id}
              folder={f}
              selected={f.id === selectedId}
              onPick={() => onPick(f)}
              onEdit={() => onEdit(f)}
              onDelete={() => onDelete(f)}
              onAdd={() => onUpload(f)}
            />
          ))}
        </List>
      )}
    </Card>
  );
}

function FolderRow({
  folder,
  selected,
  onPick,
  onEdit,
  onDelete,
  onAdd,
}: {
  folder: LibraryEntry;
  selected: boolean;
  onPick(): void;
  onEdit(): void;
  onDelete(): void;
  onAdd(): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const any = folder.can.edit || folder.can.delete || folder.can.upload;
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <ListItem
      disablePadding
      data-testid="library-folder"
      data-name={folder.name}
      secondaryAction={
        any ? (
          <IconButton
            edge="end"
            size="small"
            aria-label={LIBRARY_TEXT.folderMenu(folder.name)}
            onClick={(e) => setAnchor(e.currentTarget)}
            data-testid="library-folder-menu"
          >
            <MoreVert fontSize="small" />
          </IconButton>
        ) : undefined
      }
    >
      <ListItemButton selected={selected} onClick={onPick} aria-current={selected ? 'true' : undefined}>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <Folder sx={{ color: selected ? 'primary.main' : '#f9a825' }} />
        </ListItemIcon>
        <ListItemText
          primary={folder.name}
          secondary={`${folder.fileCount ?? 0} ${folder.fileCount === 1 ? 'file' : 'files'}`}
          slotProps={{ primary: { noWrap: true, title: folder.name } }}
        />
      </ListItemButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {folder.can.edit && <MenuItem onClick={run(onEdit)}>{LIBRARY_TEXT.editFolder}</MenuItem>}
        {folder.can.delete && <MenuItem onClick={run(onDelete)}>{LIBRARY_TEXT.deleteFolder}</MenuItem>}
        {folder.can.upload && <MenuItem onClick={run(onAdd)}>{LIBRARY_TEXT.addFiles}</MenuItem>}
      </Menu>
    </ListItem>
  );
}
