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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
import { PageHeader } from '../common/PageHeader';
import type { ScreenProps } from '../common/screen';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { fileUrl, listStickerBatches, requestStickers } from './api';

const BATCHES_KEY = ['qrStickerBatches'];

/**
 * Resources > QR Sticker (administration document, QR Sticker generator): Size, Color and
 * Quantity (DECISIONS 8), all required; 'Generate Random Sticker SNs' asks the server for a
 * sheet, which it mails to the requester. Below, the namespace's earlier sheets to download
 * again (ours).
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

  return (
    <Box>
      <PageHeader crumbs={crumbs} title={title} />
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
      <Card variant="outlined" sx={{ maxWidth: 760, overflowX: 'auto' }}>
        {batches.isPending ? (
          <Box sx={{ p: 2 }}>
            <CircularProgress size={20} />
          </Box>
        ) : !batches.data?.length ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {QR_STICKERS.noBatches}
          </Typography>
        ) : (
          <Table size="small" data-testid="qr-batches">
            <TableHead>
              <TableRow>
                <TableCell>{QR_STICKERS.requestedAt}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{QR_STICKERS.size}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{QR_STICKERS.color}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {QR_STICKERS.quantity}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{QR_STICKERS.requestedBy}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {batches.data.map((b) => (
                <TableRow key={b.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatTimestamp(b.createdAt)}
                    {/* On a phone the sheet's options go under the date instead of three columns. */}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                      {b.size} · {b.color} · {b.quantity}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{b.size}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{b.color}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {b.quantity}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{b.requestedBy ?? ''}</TableCell>
                  <TableCell align="right">
                    <Link
                      href={fileUrl(b.blobKey)}
                      target="_blank"
                      rel="noopener"
                      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                    >
                      <Download fontSize="small" /> PDF
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>

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
    </Box>
  );
}
