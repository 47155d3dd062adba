import Description from '@mui/icons-material/Description';
import Image from '@mui/icons-material/Image';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import MoreVert from '@mui/icons-material/MoreVert';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import TableChart from '@mui/icons-material/TableChart';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { LIBRARY_TEXT, type LibraryEntry } from '@portal/contracts';
import { type FileIcon, fileKindOf, fileUrl } from './api';

const ICONS: Record<Exclude<FileIcon, 'pdf'>, { icon: typeof Image; color: string }> = {
  image: { icon: Image, color: '#6a1b9a' },
  excel: { icon: TableChart, color: '#1b5e20' },
  word: { icon: Description, color: '#0d47a1' },
  other: { icon: InsertDriveFile, color: '#455a64' },
};

/** What a file card shows on top: the server's thumbnail of an image, the PDF itself, or an icon of its kind. */
function Preview({ file }: { file: LibraryEntry }) {
  const kind = fileKindOf(file);
  if (kind === 'image' && file.thumbnail)
    return (
      <Box
        component="img"
        src={fileUrl(file.thumbnail)}
        alt=""
        loading="lazy"
        decoding="async"
        data-testid="library-thumbnail"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
    );
  if (kind === 'pdf' && file.filePath)
    return (
      <Box sx={{ position: 'relative', width: '100%', height: '100%' }}>
        <Box
          component="iframe"
          src={`${fileUrl(file.filePath)}#toolbar=0&navpanes=0&view=FitH`}
          title={`${file.name} preview`}
          loading="lazy"
          tabIndex={-1}
          data-testid="library-pdf-preview"
          sx={{ width: '100%', height: '100%', border: 0, pointerEvents: 'none', bgcolor: '#525659', display: 'block' }}
        />
        <PictureAsPdf sx={{ position: 'absolute', left: 8, bottom: 8, color: '#c62828', bgcolor: 'background.paper', borderRadius: 0.5 }} />
      </Box>
    );
  const { icon: Icon, color } = ICONS[kind === 'pdf' ? 'other' : kind];
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }} data-testid={`library-icon-${kind}`}>
      <Icon sx={{ fontSize: 64, color }} />
    </Box>
  );
}

/** One file of the grid: preview, name, size in kb (rounded up) and a menu with Edit and Delete; a click opens it in a new tab. */
export const FileCard = memo(function FileCard({
  file,
  onEdit,
  onDelete,
}: {
  file: LibraryEntry;
  onEdit(file: LibraryEntry): void;
  onDelete(file: LibraryEntry): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const href = file.filePath ? fileUrl(file.filePath) : undefined;
  return (
    <Card
      variant="outlined"
      data-testid="library-file"
      data-name={file.name}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <Box
        component="a"
        href={href}
        target="_blank"
        rel="noopener"
        aria-label={LIBRARY_TEXT.openFile(file.name)}
        data-testid="library-file-open"
        sx={{ display: 'block', height: 150, bgcolor: 'action.hover', overflow: 'hidden', borderBottom: 1, borderColor: 'divider' }}
      >
        <Preview file={file} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, py: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="body2"
            title={file.name}
            sx={{
              fontWeight: 500,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {file.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="library-file-size">
            {LIBRARY_TEXT.sizeKb(file.size ?? 0)}
          </Typography>
        </Box>
        {(file.can.edit || file.can.delete) && (
          <IconButton
            size="small"
            aria-label={LIBRARY_TEXT.fileMenu(file.name)}
            onClick={(e) => setAnchor(e.currentTarget)}
            data-testid="library-file-menu"
          >
            <MoreVert fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {file.can.edit && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onEdit(file);
            }}
          >
            {LIBRARY_TEXT.edit}
          </MenuItem>
        )}
        {file.can.delete && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onDelete(file);
            }}
          >
            {LIBRARY_TEXT.delete}
          </MenuItem>
        )}
      </Menu>
    </Card>
  );
});
