import Archive from '@mui/icons-material/Archive';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ASSET_FILE_SECTIONS, ASSETS, type AssetFile } from '@portal/contracts';
import { HttpError, post } from '../api/http';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { type AssetDetail, uploadAssetFile } from './api';
import { ASSET_PAGE } from './texts';

import { useTaskQuery } from './assetTask';

export function FilesTab({ asset }: { asset: AssetDetail }) {
  const taskQuery = useTaskQuery();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<AssetFile[]>(asset.fileList);
  const [section, setSection] = useState<number | ''>('');
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [archiving, setArchiving] = useState<AssetFile | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setStatus(null);
    setProgress(0);
    try {
      const answer = await uploadAssetFile(asset.id, file, section || undefined, setProgress, taskQuery.observationId);
      setFiles(answer.fileList);
      setStatus({ ok: true, text: ASSETS.fileUploaded });
      void queryClient.invalidateQueries({ queryKey: ['asset', asset.id] });
    } catch (error) {
      setStatus({
        ok: false,
        text: error instanceof HttpError && error.status === 400 ? `${ASSETS.uploadError} ${error.message}` : ASSETS.uploadError,
      });
    } finally {
      setProgress(null);
    }
  };
  const archive = async () => {
    if (!archiving) return;
    setBusy(true);
    try {
      const answer = await post<{ fileList: AssetFile[] }>(
        `/Location/deleteAttachment/${asset.id}`,
        { blobKey: archiving.blobKey },
        { query: taskQuery },
      );
      setFiles(answer.fileList);
      setStatus({ ok: true, text: ASSETS.fileArchived });
      void queryClient.invalidateQueries({ queryKey: ['asset', asset.id] });
    } catch {
      setStatus({ ok: false, text: ASSETS.deleteError });
    } finally {
      setBusy(false);
      setArchiving(null);
    }
  };
  return (
    <Box sx={{ pt: 1, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="asset-files">
      {asset.can.save && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={ASSET_PAGE.section}
            value={section}
            onChange={(e) => setSection(e.target.value === '' ? '' : Number(e.target.value))}
            sx={{ width: 200 }}
            slotProps={{
              inputLabel: { shrink: true },
              select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'file-section' } as object },
            }}
          >
            <MenuItem value="">{ASSET_PAGE.autoSection}</MenuItem>
            {ASSET_FILE_SECTIONS.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" component="label" disabled={progress !== null}>
            {ASSET_PAGE.upload}
            <input
              hidden
              type="file"
              accept=".png,.jpg,.jpeg,.pdf,.doc,.docx,.xls,.xlsx,.csv"
              data-testid="file-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </Button>
          {progress !== null && (
            <LinearProgress variant="determinate" value={progress * 100} sx={{ width: 160 }} data-testid="upload-progress" />
          )}
          {status && (
            <Typography variant="body2" sx={{ color: status.ok ? 'success.main' : 'error.main' }} data-testid="file-status">
              {status.text}
            </Typography>
          )}
        </Box>
      )}
      {ASSET_FILE_SECTIONS.map((s) => {
        const list = files.filter((f) => f.section === s.id);
        return (
          <Box key={s.id} data-testid={`file-section-${s.key}`}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {s.label}
            </Typography>
            {list.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {ASSET_PAGE.noFiles}
              </Typography>
            ) : (
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 200px))', gap: 1.5 }}>
                {list.map((f) => (
                  <Box
                    key={f.blobKey}
                    sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, minWidth: 0 }}
                    data-testid="asset-file"
                  >
                    <Link href={`/api/filedownload?id=${encodeURIComponent(f.blobKey)}`} target="_blank" rel="noopener">
                      {f.fileType.startsWith('image/') ? (
                        <Box
                          component="img"
                          src={`/api/filedownload?id=${encodeURIComponent(f.blobKey)}`}
                          alt={f.fileName}
                          sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'contain', display: 'block' }}
                        />
                      ) : (
                        <Box sx={{ aspectRatio: '4 / 3', display: 'grid', placeItems: 'center' }}>
                          <InsertDriveFile fontSize="large" color="action" />
                        </Box>
                      )}
                    </Link>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                      <Typography
                        variant="caption"
                        sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                        title={f.fileName}
                      >
                        {f.fileName}
                      </Typography>
                      {asset.can.save && (
                        <Tooltip title={ASSET_PAGE.archive}>
                          <IconButton
                            size="small"
                            aria-label={`${ASSET_PAGE.archive} ${f.fileName}`}
                            onClick={() => setArchiving(f)}
                            data-testid="file-archive"
                          >
                            <Archive fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </Box>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
      <ConfirmDialog
        open={archiving !== null}
        title={ASSET_PAGE.archive}
        content={archiving ? ASSETS.archiveConfirm(archiving.fileName, asset.name) : ''}
        confirm="Yes"
        cancel="Cancel"
        loading={busy}
        onConfirm={archive}
        onClose={() => setArchiving(null)}
      />
    </Box>
  );
}
