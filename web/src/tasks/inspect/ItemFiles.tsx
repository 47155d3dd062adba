import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { FILES, TASK_TEXT, type TaskFileRef } from '@portal/contracts';
import { sortPick } from '../../common/filePick';
import { TASK_UI } from '../texts';
import { ITEM_FILE_ACCEPT, ITEM_FILE_EXTENSIONS, isItemFileName, toggleDeleted } from './inspectRules';

const ITEM_FILE_TYPES = ITEM_FILE_EXTENSIONS.join(', ');

export type ItemFileUploader = (file: File, onProgress: (fraction: number) => void) => Promise<TaskFileRef>;

/** Where a task's file opens: the download checks the task is visible to the user. */
export const taskFileUrl = (blobKey: string, taskId: number) =>
  `/api/filedownload?id=${encodeURIComponent(blobKey)}&observationId=${taskId}`;

/**
 * The FORM's Files list (tasks document 2.3): upload (the spec's types; the server checks the
 * content), open each in a new tab, mark deleted and revert. Deletions apply on Save.
 * Status text is red on error and green otherwise (tasks document 8).
 */
export function ItemFiles({
  taskId,
  files,
  onChange,
  upload,
  editable,
}: {
  taskId: number;
  files: TaskFileRef[];
  onChange(files: TaskFileRef[]): void;
  upload: ItemFileUploader;
  editable: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(files);
  latest.current = files;
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function add(list: FileList | null) {
    if (!list || list.length === 0) return;
    // The good files of a pick are uploaded; each refused one is named with why.
    const { accepted: chosen, message: refusedText } = sortPick(Array.from(list), (f) =>
      isItemFileName(f.name) ? null : FILES.reasonType(ITEM_FILE_TYPES),
    );
    if (chosen.length === 0) {
      setStatus(refusedText ? { ok: false, text: refusedText } : null);
      if (input.current) input.current.value = '';
      return;
    }
    setStatus(null);
    const added: TaskFileRef[] = [];
    try {
      for (const [index, file] of chosen.entries()) {
        setProgress(index / chosen.length);
        added.push(await upload(file, (f) => setProgress((index + f) / chosen.length)));
      }
      const done = added.length > 1 ? TASK_TEXT.filesUploaded : TASK_UI.fileUploaded;
      setStatus(refusedText ? { ok: false, text: `${done}. ${refusedText}` } : { ok: true, text: done });
    } catch (error) {
      setStatus({ ok: false, text: (error as Error).message });
    } finally {
      if (added.length > 0) onChange([...latest.current, ...added]);
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Box data-testid="item-files">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {TASK_UI.files}
        </Typography>
        {editable && (
          <>
            <Button
              size="small"
              variant="outlined"
              startIcon={<AttachFile />}
              onClick={() => input.current?.click()}
              disabled={progress !== null}
              data-testid="item-files-add"
            >
              {TASK_UI.addFiles}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={ITEM_FILE_ACCEPT}
              onChange={(e) => add(e.target.files)}
              data-testid="item-files-input"
            />
          </>
        )}
      </Box>
      {editable && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
          {TASK_UI.filesHelp}
        </Typography>
      )}
      {progress !== null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} sx={{ mb: 1 }} />}
      {status && (
        <Typography
          variant="body2"
          sx={{ color: status.ok ? 'success.main' : 'error.main', mb: 1 }}
          data-testid="item-files-status"
          role="status"
        >
          {status.text}
        </Typography>
      )}
      {files.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {TASK_UI.noFiles}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {files.map((file) => (
            <Box
              component="li"
              key={file.blobKey}
              data-testid="item-file"
              data-deleted={file.deleted || undefined}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25, minWidth: 0 }}
            >
              <Link
                href={taskFileUrl(file.blobKey, taskId)}
                target="_blank"
                rel="noopener"
                underline="hover"
                noWrap
                sx={{
                  flex: 1,
                  minWidth: 0,
                  textDecoration: file.deleted ? 'line-through' : undefined,
                  color: file.deleted ? 'text.disabled' : undefined,
                }}
                title={file.fileName}
              >
                {file.fileName}
                {file.deleted ? ` (${TASK_UI.deletedNote})` : ''}
              </Link>
              <Tooltip title={TASK_UI.openFile}>
                <IconButton
                  size="small"
                  component="a"
                  href={taskFileUrl(file.blobKey, taskId)}
                  target="_blank"
                  rel="noopener"
                  aria-label={`${TASK_UI.openFile}: ${file.fileName}`}
                >
                  <OpenInNew fontSize="small" />
                </IconButton>
              </Tooltip>
              {editable && (
                <Tooltip title={file.deleted ? TASK_UI.revert : TASK_UI.markDeleted}>
                  <IconButton
                    size="small"
                    onClick={() => onChange(toggleDeleted(files, file.blobKey))}
                    aria-label={`${file.deleted ? TASK_UI.revert : TASK_UI.markDeleted}: ${file.fileName}`}
                    data-testid={file.deleted ? 'item-file-revert' : 'item-file-delete'}
                  >
                    {file.deleted ? <Undo fontSize="small" /> : <DeleteOutline fontSize="small" />}
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
