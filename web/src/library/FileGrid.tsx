import Description from '@mui/icons-material/Description';
import Image from '@mui/icons-material/Image';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import MoreVert from '@mui/icons-material/MoreVert';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import TableChart from '@mui/icons-material/TableChart';
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { LIBRARY_TEXT, type LibraryEntry } from '@portal/contracts';
import { type FileIcon, fileKindOf, fileUrl } from './api';

const ICONS: Record<Exclude<FileIcon, 'pdf'>, { icon: typeof Image; className: string }> = {
  image: { icon: Image, className: 'library-kind library-kind-image' },
  excel: { icon: TableChart, className: 'library-kind library-kind-excel' },
  word: { icon: Description, className: 'library-kind library-kind-word' },
  other: { icon: InsertDriveFile, className: 'library-kind library-kind-other' },
};

/**
 * The cards' look, written once for the grid (the look of an outlined MUI Card with body2 and
 * caption texts) instead of being computed by Emotion for each of a folder's cards: a folder of
 * 300 files renders a few thousand fewer styled components, so it opens at once.
 */
const gridCss = (theme: Theme) =>
  ({
    display: 'grid',
    gap: 1.5,
    p: 1.5,
    pt: 0,
    gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' },
    '& .library-card': {
      display: 'flex',
      flexDirection: 'column',
      minWidth: 0,
      overflow: 'hidden',
      backgroundColor: theme.palette.background.paper,
      color: theme.palette.text.primary,
      border: `1px solid ${theme.palette.divider}`,
      borderRadius: `${theme.shape.borderRadius}px`,
    },
    '& .library-card-open': {
      display: 'block',
      height: 150,
      overflow: 'hidden',
      backgroundColor: theme.palette.action.hover,
      borderBottom: `1px solid ${theme.palette.divider}`,
    },
    '& .library-card-thumb': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
    '& .library-card-pdf': { position: 'relative', width: '100%', height: '100%' },
    '& .library-card-pdf iframe': {
      width: '100%',
      height: '100%',
      border: 0,
      pointerEvents: 'none',
      backgroundColor: '#525659',
      display: 'block',
    },
    '& .library-card-pdf-mark': {
      position: 'absolute',
      left: 8,
      bottom: 8,
      display: 'flex',
      fontSize: 24,
      color: '#c62828',
      backgroundColor: theme.palette.background.paper,
      borderRadius: '2px',
    },
    '& .library-kind': { display: 'grid', placeItems: 'center', height: '100%', fontSize: 64 },
    '& .library-kind-image': { color: '#6a1b9a' },
    '& .library-kind-excel': { color: '#1b5e20' },
    '& .library-kind-word': { color: '#0d47a1' },
    '& .library-kind-other': { color: '#455a64' },
    '& .library-card-foot': { display: 'flex', alignItems: 'center', gap: '4px', padding: '8px 12px' },
    '& .library-card-text': { flex: 1, minWidth: 0 },
    '& .library-card-name': {
      ...theme.typography.body2,
      margin: 0,
      fontWeight: 500,
      display: '-webkit-box',
      WebkitLineClamp: 2,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
      overflowWrap: 'anywhere',
    },
    '& .library-card-size': { ...theme.typography.caption, color: theme.palette.text.secondary },
  }) as const;

/** One IntersectionObserver for every PDF preview: a card is told once it comes near the window. */
const nearView = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;
function watchNearView(element: Element, seen: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    seen();
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        nearView.get(entry.target)?.();
        nearView.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: '200px 0px' },
  );
  nearView.set(element, seen);
  observer.observe(element);
  return () => {
    nearView.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * The PDF itself, embedded once its card comes near the window: each embedded PDF is a frame of
 * its own, which the browser makes even for a lazy iframe, so a folder of 100 PDFs would make 100
 * frames before its first paint. Until then the card shows the PDF mark on the grey of the viewer.
 */
function PdfPreview({ file, src }: { file: LibraryEntry; src: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    return watchNearView(element, () => setNear(true));
  }, [near]);
  return (
    <div className="library-card-pdf" ref={box}>
      {near && (
        <iframe
          src={`${src}#toolbar=0&navpanes=0&view=FitH`}
          title={`${file.name} preview`}
          loading="lazy"
          tabIndex={-1}
          data-testid="library-pdf-preview"
        />
      )}
      <span className="library-card-pdf-mark">
        <PictureAsPdf fontSize="inherit" />
      </span>
    </div>
  );
}

/** What a file card shows on top: the server's thumbnail of an image, the PDF itself, or an icon of its kind. */
function Preview({ file }: { file: LibraryEntry }) {
  const kind = fileKindOf(file);
  if (kind === 'image' && file.thumbnail)
    return (
      <img
        className="library-card-thumb"
        src={fileUrl(file.thumbnail)}
        alt=""
        loading="lazy"
        decoding="async"
        data-testid="library-thumbnail"
      />
    );
  if (kind === 'pdf' && file.filePath) return <PdfPreview file={file} src={fileUrl(file.filePath)} />;
  const { icon: Icon, className } = ICONS[kind === 'pdf' ? 'other' : kind];
  return (
    <span className={className} data-testid={`library-icon-${kind}`}>
      <Icon fontSize="inherit" />
    </span>
  );
}

/** One file of the grid: preview, name, size in kb (rounded up) and its menu button; a click opens it in a new tab. */
const FileCard = memo(function FileCard({ file, onMenu }: { file: LibraryEntry; onMenu(file: LibraryEntry, anchor: HTMLElement): void }) {
  const href = file.filePath ? fileUrl(file.filePath) : undefined;
  return (
    <div className="library-card" data-testid="library-file" data-name={file.name}>
      <a
        className="library-card-open"
        href={href}
        target="_blank"
        rel="noopener"
        aria-label={LIBRARY_TEXT.openFile(file.name)}
        data-testid="library-file-open"
      >
        <Preview file={file} />
      </a>
      <div className="library-card-foot">
        <div className="library-card-text">
          <p className="library-card-name" title={file.name}>
            {file.name}
          </p>
          <span className="library-card-size" data-testid="library-file-size">
            {LIBRARY_TEXT.sizeKb(file.size ?? 0)}
          </span>
        </div>
        {(file.can.edit || file.can.delete) && (
          <button
            type="button"
            className="row-action"
            aria-label={LIBRARY_TEXT.fileMenu(file.name)}
            data-testid="library-file-menu"
            onClick={(event) => onMenu(file, event.currentTarget)}
          >
            <MoreVert fontSize="small" />
          </button>
        )}
      </div>
    </div>
  );
});

/**
 * A folder's files three per row (two on a phone), with one Edit and Delete menu for the grid
 * (opened at the card's button) rather than one per card.
 */
export const FileGrid = memo(function FileGrid({
  files,
  onEdit,
  onDelete,
}: {
  files: LibraryEntry[];
  onEdit(file: LibraryEntry): void;
  onDelete(file: LibraryEntry): void;
}) {
  // The file stays while the menu closes, so its items do not change during the fade.
  const [menu, setMenu] = useState<{ file: LibraryEntry; anchor: HTMLElement | null } | null>(null);
  const openMenu = useCallback((file: LibraryEntry, anchor: HTMLElement) => setMenu({ file, anchor }), []);
  const close = () => setMenu((shown) => (shown ? { ...shown, anchor: null } : null));
  const run = (action: (file: LibraryEntry) => void) => () => {
    if (!menu) return;
    close();
    action(menu.file);
  };
  return (
    <Box data-testid="library-grid" sx={gridCss}>
      {files.map((file) => (
        <FileCard key={file.id} file={file} onMenu={openMenu} />
      ))}
      <Menu anchorEl={menu?.anchor} open={Boolean(menu?.anchor)} onClose={close}>
        {menu?.file.can.edit && <MenuItem onClick={run(onEdit)}>{LIBRARY_TEXT.edit}</MenuItem>}
        {menu?.file.can.delete && <MenuItem onClick={run(onDelete)}>{LIBRARY_TEXT.delete}</MenuItem>}
      </Menu>
    </Box>
  );
});
