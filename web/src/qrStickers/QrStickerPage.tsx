import Download from '@mui/icons-material/Download';
import QrCode2 from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  formatTimestamp,
  QR_STICKER_COLORS,
  QR_STICKER_QUANTITIES,
  QR_STICKER_SIZES,
  QR_STICKERS,
  type QrStickerBatch,
  type QrStickerColor,
  type QrStickerSize,
} from '@portal/contracts';
import { HttpError } from '../api/http';
import { type ListColumn, ListScreen, type ListScreenData } from '../common/list';
import { useLocalList } from '../common/list/useLocalList';
import type { ScreenProps } from '../common/screen';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { fileUrl, listStickerBatches, requestStickers } from './api';

const BATCHES_KEY = ['qrStickerBatches'];
/** The server answers the newest sheets first. */
const NEWEST_FIRST = { field: 'createdAt', order: 'DESC' } as const;
const NO_BATCHES: QrStickerBatch[] = [];

const COLUMNS: ListColumn<QrStickerBatch>[] = [
  {
    source: 'createdAt',
    label: QR_STICKERS.requestedAt,
    width: 170,
    pinned: true,
    card: 'title',
    text: (b) => formatTimestamp(b.createdAt),
  },
  { source: 'size', label: QR_STICKERS.size, width: 100, card: 'field' },
  { source: 'color', label: QR_STICKERS.color, width: 100, card: 'field' },
  { source: 'quantity', label: QR_STICKERS.quantity, width: 100, card: 'field' },
  { source: 'requestedBy', label: QR_STICKERS.requestedBy, width: 220, card: 'subtitle' },
  {
    source: 'blobKey',
    label: QR_STICKERS.download,
    width: 130,
    pinned: true,
    sortable: false,
    card: 'field',
    render: (b) => (
      <Link href={fileUrl(b.blobKey)} target="_blank" rel="noopener" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <Download fontSize="small" /> PDF
      </Link>
    ),
  },
];

/**
 * Resources > QR Sticker (administration document, QR Sticker generator): Size, Color and
 * Quantity (DECISIONS 8), all required; 'Generate Random Sticker SNs' asks the server for a
 * sheet, which it mails to the requester. Below, the namespace's earlier sheets to download
 * again (ours): a ListScreen list with the request form above it (its `intro`).
 */
export default function QrStickerPage({ title, crumbs }: ScreenProps) {
  const { user } = useSession();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [size, setSize] = useState<QrStickerSize | ''>('');
  const [color, setColor] = useState<QrStickerColor | ''>('');
  const [quantity, setQuantity] = useState<number | ''>('');
  const [phase, setPhase] = useState<'idle' | 'processing' | 'saved'>('idle');
  const [saved, setSaved] = useState<QrStickerBatch | null>(null);
  const batches = useQuery({ queryKey: BATCHES_KEY, queryFn: listStickerBatches });
  useLoadErrorAlert(batches.error, QR_STICKERS.saveError('loading the sticker sheets failed'));
  const rows = batches.data ?? NO_BATCHES;
  const listContext = useLocalList<QrStickerBatch>({
    data: rows,
    sort: NEWEST_FIRST,
    isPending: batches.isPending,
    isFetching: batches.isFetching,
    isLoading: batches.isLoading,
    error: batches.error,
    resource: 'qrStickerBatches',
  });
  const { refetch } = batches;
  const reload = useCallback(() => void refetch(), [refetch]);
  const list: ListScreenData<QrStickerBatch> = {
    listContext,
    rows,
    total: batches.isPending ? undefined : rows.length,
    hasMore: false,
    loading: batches.isFetching,
    loadingMore: false,
    loadMore: () => undefined,
    reload,
  };

  const valid = size !== '' && color !== '' && quantity !== '';
  const generate = async () => {
    if (!valid) return;
    setPhase('processing');
    try {
      const answer = await requestStickers({ size, color, quantity, createdBy: user.id });
      setSaved(answer.batch);
      setPhase('saved');
      void queryClient.invalidateQueries({ queryKey: BATCHES_KEY });
    } catch (error) {
      setPhase('idle');
      alert.saveError(QR_STICKERS.saveError(error instanceof HttpError || error instanceof Error ? error.message : String(error)));
    }
  };

  const form = (
    <>
      <Card variant="outlined" sx={{ maxWidth: 760 }}>
        <CardContent>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
            <TextField select required label={QR_STICKERS.size} value={size} onChange={(e) => setSize(e.target.value as QrStickerSize)}>
              {QR_STICKER_SIZES.map((s) => (
                <MenuItem key={s} value={s}>
                  {s} x {s.replace('mm', ' mm')}
                </MenuItem>
              ))}
            </TextField>
            <TextField select required label={QR_STICKERS.color} value={color} onChange={(e) => setColor(e.target.value as QrStickerColor)}>
              {QR_STICKER_COLORS.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <TextField select required label={QR_STICKERS.quantity} value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
              {QR_STICKER_QUANTITIES.map((q) => (
                <MenuItem key={q} value={q}>
                  {q}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button variant="contained" startIcon={<QrCode2 />} disabled={!valid || phase === 'processing'} onClick={generate}>
              {QR_STICKERS.generate}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {QR_STICKERS.batches}
      </Typography>
    </>
  );

  return (
    <ListScreen
      resource="qrStickerBatches"
      title={title}
      crumbs={crumbs}
      list={list}
      columns={COLUMNS}
      empty={QR_STICKERS.noBatches}
      tableTestId="qr-batches"
      intro={form}
    >
      <Dialog open={phase === 'processing'} aria-labelledby="qr-processing">
        <DialogContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={28} />
          <Typography id="qr-processing" role="status">
            {QR_STICKERS.processing}
          </Typography>
        </DialogContent>
      </Dialog>
      <Dialog open={phase === 'saved'} onClose={() => setPhase('idle')} aria-labelledby="qr-saved">
        <DialogContent>
          <Typography id="qr-saved" role="status" data-testid="qr-saved">
            {QR_STICKERS.saved}
          </Typography>
        </DialogContent>
        <DialogActions>
          {saved && (
            <Button href={fileUrl(saved.blobKey)} target="_blank" rel="noopener" startIcon={<Download />}>
              {QR_STICKERS.download}
            </Button>
          )}
          <Button variant="contained" onClick={() => setPhase('idle')}>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </ListScreen>
  );
}
