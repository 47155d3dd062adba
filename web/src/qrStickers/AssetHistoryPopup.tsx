import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { type StickerHistoryRow, AUTH, formatDate, nextDueText, QR_STICKERS, stickerResultLabel } from '@portal/contracts';
import { HttpError } from '../api/http';
import { signOut } from '../api/session';
import { assetHistoryBySerial, fileUrl } from './api';

const LOGOUT_WAIT_MS = 1500;

/**
 * After a sign-in from a sticker (`/login?asn=<serial>` leads here as `/?asn=<serial>`): the
 * 'Asset History' popup of the sticker's asset (shell document, sign-in). Closing it logs the
 * user out after 1.5 s. A sticker the user may not see says so and shows nothing else.
 */
export function AssetHistoryPopup() {
  const location = useLocation();
  const asn = new URLSearchParams(location.search).get('asn');
  if (!asn) return null;
  return <AssetHistoryDialog asn={asn} />;
}

function AssetHistoryDialog({ asn }: { asn: string }) {
  const [leaving, setLeaving] = useState(false);
  const history = useQuery({ queryKey: ['assetHistoryBySerial', asn], queryFn: () => assetHistoryBySerial(asn), retry: false });

  const close = async () => {
    if (leaving) return;
    setLeaving(true);
    const wait = new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS));
    try {
      await Promise.all([signOut(), wait]);
    } finally {
      window.location.assign('/');
    }
  };

  const notVisible = history.error instanceof HttpError && history.error.status === 404;
  const data = history.data;
  return (
    <Dialog open fullWidth maxWidth="md" onClose={close} aria-labelledby="asset-history-title" data-testid="asset-history">
      <DialogTitle id="asset-history-title">
        {QR_STICKERS.historyTitle}
        {data && (
          <Typography variant="body2" color="text.secondary" component="div">
            {data.asset.name} · {data.asset.serialNumber} · {data.asset.client} / {data.asset.site}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent dividers sx={{ p: { xs: 1, sm: 2 } }}>
        {history.isPending ? (
          <CircularProgress size={24} />
        ) : history.error ? (
          <Alert severity={notVisible ? 'info' : 'error'} data-testid="asset-history-message">
            {notVisible ? QR_STICKERS.notVisible : history.error.message}
          </Alert>
        ) : !data?.rows.length ? (
          <Typography color="text.secondary">{QR_STICKERS.noHistory}</Typography>
        ) : (
          <>
            {/* On a phone each report is a card of label and value pairs instead of a wide table. */}
            <Box sx={{ display: { xs: 'grid', sm: 'none' }, gap: 1 }} data-testid="asset-history-cards">
              {data.rows.map((row) => (
                <Box
                  key={row.taskId}
                  sx={{
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                    p: 1.5,
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    columnGap: 1.5,
                    rowGap: 0.5,
                  }}
                >
                  <Typography variant="body2" color="text.secondary">
                    {QR_STICKERS.inspectionDate}
                  </Typography>
                  <Typography variant="body2">{formatDate(row.inspectionDate)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {QR_STICKERS.certDate}
                  </Typography>
                  <Typography variant="body2">{formatDate(row.certificateDate)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {QR_STICKERS.certNo}
                  </Typography>
                  <Typography variant="body2">{row.certificateNumber ?? ''}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {QR_STICKERS.result}
                  </Typography>
                  <ResultText result={row.result} />
                  <Typography variant="body2" color="text.secondary">
                    {QR_STICKERS.cert}
                  </Typography>
                  <CertificateCell row={row} />
                  <Typography variant="body2" color="text.secondary">
                    {QR_STICKERS.nextDueDate}
                  </Typography>
                  <Typography variant="body2" data-testid="sticker-next-due">
                    {nextDueText(row.dueDate, row.result, formatDate)}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Box sx={{ overflowX: 'auto', display: { xs: 'none', sm: 'block' } }}>
              <Table size="small" sx={{ minWidth: 640 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{QR_STICKERS.inspectionDate}</TableCell>
                    <TableCell>{QR_STICKERS.certDate}</TableCell>
                    <TableCell>{QR_STICKERS.certNo}</TableCell>
                    <TableCell>{QR_STICKERS.result}</TableCell>
                    <TableCell>{QR_STICKERS.cert}</TableCell>
                    <TableCell>{QR_STICKERS.nextDueDate}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((row) => (
                    <TableRow key={row.taskId}>
                      <TableCell>{formatDate(row.inspectionDate)}</TableCell>
                      <TableCell>{formatDate(row.certificateDate)}</TableCell>
                      <TableCell>{row.certificateNumber ?? ''}</TableCell>
                      <TableCell>
                        <ResultText result={row.result} />
                      </TableCell>
                      <TableCell>
                        <CertificateCell row={row} />
                      </TableCell>
                      <TableCell data-testid="sticker-next-due">{nextDueText(row.dueDate, row.result, formatDate)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {leaving && (
          <Typography role="status" variant="body2" sx={{ mr: 'auto', ml: 1 }}>
            {AUTH.loggingOut}
          </Typography>
        )}
        <Button variant="contained" onClick={close} disabled={leaving}>
          {QR_STICKERS.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ResultText({ result }: { result: number | null }) {
  const label = stickerResultLabel(result);
  return (
    <Typography
      variant="body2"
      sx={{ fontWeight: 600, color: label === 'PASS' ? 'success.main' : label === 'FAIL' ? 'error.main' : undefined }}
    >
      {label}
    </Typography>
  );
}

function CertificateCell({ row }: { row: StickerHistoryRow }) {
  return row.certificateBlobKey ? (
    <Tooltip title={QR_STICKERS.openCertificate}>
      <Link href={fileUrl(row.certificateBlobKey, row.taskId)} target="_blank" rel="noopener" variant="body2">
        {row.certificateNumber ?? 'PDF'}
      </Link>
    </Tooltip>
  ) : (
    <Typography variant="body2" color="text.secondary">
      {QR_STICKERS.noCertificate}
    </Typography>
  );
}
