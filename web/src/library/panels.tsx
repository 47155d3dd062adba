import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { useEffect, useRef, useState } from 'react';
import { LIBRARY_ACCEPT, LIBRARY_ACCEPT_ATTR, LIBRARY_MAX_BYTES, LIBRARY_TEXT, type LibraryKind } from '@portal/contracts';
import { errorText } from '../common/adminFlow';
import { OptionPicker } from '../common/OptionPicker';

/** The side panel's body for a folder or file name: Folder Name or File Name, Save disabled while empty or in error. */
export function NameForm({
  label,
  initial,
  choices,
  busy,
  done,
  onSave,
  onCancel,
}: {
  label: string;
  initial: string;
  /** Product technical information's new folder: one of the loose-gear asset types without a folder. */
  choices?: string[];
  busy: boolean;
  done: boolean;
  onSave(name: string): Promise<void>;
  onCancel(): void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const empty = name.trim() === '';
  const save = async () => {
    setError(null);
    try {
      await onSave(name.trim());
    } catch (e) {
      setError(errorText(e, label === LIBRARY_TEXT.folderName ? LIBRARY_TEXT.saveFolderError : LIBRARY_TEXT.saveFileError));
    }
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!empty && !busy && !done) void save();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
    >
      {choices ? (
        <OptionPicker
          label={label}
          value={name || null}
          options={choices.map((c) => ({ id: c, name: c }))}
          onChange={(value) => {
            setName(value ?? '');
            setError(null);
          }}
          required
          emptyLabel={null}
          error={Boolean(error)}
          helperText={error ?? (choices.length === 0 ? LIBRARY_TEXT.noLlgTypeLeft : undefined)}
          testId="library-name"
        />
      ) : (
        <TextField
          label={label}
          value={name}
          required
          autoFocus
          size="small"
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          error={Boolean(error) || (empty && name !== initial)}
          helperText={error ?? (empty && name !== initial ? `${label} is required` : ' ')}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'library-name' } }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{LIBRARY_TEXT.cancel}</Button>
        <Button type="submit" variant="contained" disabled={empty || Boolean(error) || busy || done} data-testid="library-save">
          {LIBRARY_TEXT.save}
        </Button>
      </Box>
    </Box>
  );
}

const kb = (bytes: number) => LIBRARY_TEXT.sizeKb(bytes);

function extensionOk(library: LibraryKind, name: string): boolean {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  const kinds: readonly string[] = LIBRARY_ACCEPT[library];
  return kinds.includes(ext === 'jpeg' ? 'jpg' : ext);
}

/**
 * Add New File(s): the library's hint, a pick of several files, their total against the 45 MB
 * (the sum of all files), 'Invalid file type or size' before anything is sent, and the upload's progress.
 */
export function UploadForm({
  library,
  onUpload,
  onCancel,
  done,
}: {
  library: LibraryKind;
  onUpload(files: File[], onProgress: (fraction: number) => void, signal: AbortSignal): Promise<void>;
  onCancel(): void;
  done: boolean;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const invalid = files.some((f) => !extensionOk(library, f.name) || f.size === 0) || total > LIBRARY_MAX_BYTES;
  const pick = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    setFiles(chosen);
    const bad =
      chosen.some((f) => !extensionOk(library, f.name) || f.size === 0) || chosen.reduce((s, f) => s + f.size, 0) > LIBRARY_MAX_BYTES;
    setError(bad ? LIBRARY_TEXT.invalidTypeOrSize : null);
  };
  const send = async () => {
    abort.current = new AbortController();
    setProgress(0);
    setError(null);
    try {
      await onUpload(files, setProgress, abort.current.signal);
    } catch (e) {
      if ((e as Error).name !== 'AbortError') setError(errorText(e, LIBRARY_TEXT.saveFileError));
      setProgress(null);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      <Typography variant="body2" color="text.secondary" data-testid="library-hint">
        {library === 'pictorial' ? LIBRARY_TEXT.hintImages : LIBRARY_TEXT.hintAll}
      </Typography>
      <input
        ref={input}
        type="file"
        multiple
        accept={LIBRARY_ACCEPT_ATTR[library]}
        hidden
        onChange={(event) => pick(event.target.files)}
        data-testid="library-file-input"
        aria-label={LIBRARY_TEXT.chooseFiles}
      />
      <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()} disabled={progress !== null}>
        {LIBRARY_TEXT.chooseFiles}
      </Button>
      {files.length > 0 && (
        <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="library-picked">
          {files.map((file) => (
            <ListItem key={`${file.name}-${file.size}`} divider>
              <ListItemText
                primary={file.name}
                secondary={kb(file.size)}
                slotProps={{ primary: { noWrap: true, color: extensionOk(library, file.name) ? undefined : 'error' } }}
              />
            </ListItem>
          ))}
          <ListItem>
            <ListItemText primary={`Total ${kb(total)}`} slotProps={{ primary: { variant: 'body2', color: 'text.secondary' } }} />
          </ListItem>
        </List>
      )}
      {error && (
        <Alert severity="error" data-testid="library-upload-error">
          {error}
        </Alert>
      )}
      {progress !== null && <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={LIBRARY_TEXT.uploading} />}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            abort.current?.abort();
            onCancel();
          }}
        >
          {LIBRARY_TEXT.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={files.length === 0 || invalid || progress !== null || done}
          data-testid="library-upload"
        >
          {LIBRARY_TEXT.upload}
        </Button>
      </Box>
    </Box>
  );
}
