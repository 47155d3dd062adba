import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Description from '@mui/icons-material/Description';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { DATA_FORM_TEXT, FILES, FORM_FILE_MAX_BYTES, type ValueField } from '@portal/contracts';
import type { InputProps } from './FieldInputs';
import { megabytes, sortPick } from '../common/filePick';
import { ACCEPT_ATTRIBUTE, acceptsFile, blobKeysOf, maxFilesOf } from './formLogic';
import { scalePhoto } from './scaleImage';
import { fileUrl, type UploadedFile, type UploadKind } from './upload';

export type Uploader = (file: File, onProgress: (fraction: number) => void, kind?: UploadKind) => Promise<UploadedFile>;

interface Pending {
  id: number;
  name: string;
  progress: number;
}

let nextPending = 1;

/** Runs one upload with its progress bar entry; answers the stored file, or null after showing the problem. */
export function useUploads(upload: Uploader | undefined, kind: Exclude<UploadKind, 'attachment'>) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  async function send(picked: File): Promise<UploadedFile | null> {
    if (!upload) return null;
    // A camera's photo is scaled down before it is sent (longest side 2560 px, JPEG).
    const file = kind === 'photo' ? await scalePhoto(picked) : picked;
    if (kind !== 'signature' && !acceptsFile(kind, file, FORM_FILE_MAX_BYTES)) {
      setProblem(`${file.name}: ${FILES.invalidTypeOrSize}`);
      return null;
    }
    const id = nextPending++;
    setProblem(null);
    setPending((list) => [...list, { id, name: file.name, progress: 0 }]);
    try {
      return await upload(file, (progress) => setPending((list) => list.map((p) => (p.id === id ? { ...p, progress } : p))), kind);
    } catch (error) {
      setProblem(`${file.name}: ${(error as Error).message || DATA_FORM_TEXT.uploadError}`);
      return null;
    } finally {
      setPending((list) => list.filter((p) => p.id !== id));
    }
  }
  return { pending, problem, send, setProblem };
}

export function UploadProgress({ pending }: { pending: Pending[] }) {
  return pending.map((p) => (
    <Box key={p.id} sx={{ mt: 1 }} data-testid="upload-progress">
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {DATA_FORM_TEXT.uploading} {p.name}
      </Typography>
      <LinearProgress variant="determinate" value={Math.round(p.progress * 100)} aria-label={`${DATA_FORM_TEXT.uploading} ${p.name}`} />
    </Box>
  ));
}

/** Photos (thumbnails) and files (links) of one field: add with progress, remove, at most maxFiles. */
export function UploadField({
  field,
  value,
  onChange,
  onBlur,
  error,
  upload,
  latest,
}: InputProps<Extract<ValueField, { kind: 'photo' | 'file' }>> & { upload?: Uploader; latest: () => unknown }) {
  const kind = field.kind;
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const { pending, problem, send, setProblem } = useUploads(upload, kind);
  const keys = blobKeysOf(value);
  const max = maxFilesOf(field);
  const room = max - keys.length - pending.length;

  async function add(files: File[]) {
    // The good files of a pick are uploaded; each refused one (type, size, no room) is named with why.
    // A photo is checked after scaling (in send), so only its type is checked here.
    const { accepted, message } = sortPick(
      files,
      (file) =>
        file.size === 0
          ? FILES.reasonEmpty
          : !acceptsFile(kind, { name: file.name, size: 1 }, FORM_FILE_MAX_BYTES)
            ? FILES.reasonType(kind === 'file' ? 'jpg, png and pdf' : 'jpg and png')
            : kind === 'file' && file.size > FORM_FILE_MAX_BYTES
              ? FILES.reasonSize(megabytes(FORM_FILE_MAX_BYTES))
              : null,
      Math.max(0, room),
    );
    const failed: string[] = [];
    for (const file of accepted) {
      const stored = await send(file);
      if (!stored) {
        failed.push(file.name);
        continue;
      }
      setNames((n) => ({ ...n, [stored.blobKey]: stored.fileName }));
      // The value may have changed while uploading (another file done): add to the latest.
      onChange([...blobKeysOf(latest()), stored.blobKey]);
    }
    // A refusal of the pick stays shown (an upload's own failure already says what it was).
    if (message && failed.length === 0) setProblem(message);
    onBlur();
  }

  const hint = problem ?? error ?? field.help;
  return (
    <FormControl component="fieldset" required={field.required} error={Boolean(problem ?? error)} fullWidth>
      <FormLabel component="legend" id={labelId}>
        {field.label}
      </FormLabel>
      {kind === 'photo' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {keys.map((key, i) => (
            <Box
              key={key}
              sx={{ position: 'relative', width: 96, height: 96, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
            >
              <Link href={fileUrl(key)} target="_blank" rel="noopener">
                <Box
                  component="img"
                  src={fileUrl(key)}
                  alt={`${field.label} ${i + 1}`}
                  loading="lazy"
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </Link>
              <IconButton
                size="small"
                aria-label={`${DATA_FORM_TEXT.removeFile} ${field.label} ${i + 1}`}
                onClick={() => onChange(keys.filter((k) => k !== key))}
                sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: '#fff' } }}
              >
                <Close fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : (
        keys.length > 0 && (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {keys.map((key, i) => (
              <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Description fontSize="small" color="action" />
                <Link href={fileUrl(key)} target="_blank" rel="noopener" noWrap sx={{ flex: 1, minWidth: 0 }}>
                  {names[key] ?? `${field.label} ${i + 1}`}
                </Link>
                <IconButton
                  size="small"
                  aria-label={`${DATA_FORM_TEXT.removeFile} ${names[key] ?? `${field.label} ${i + 1}`}`}
                  onClick={() => onChange(keys.filter((k) => k !== key))}
                >
                  <Close fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        )
      )}
      <UploadProgress pending={pending} />
      {upload && (
        <Box sx={{ mt: 1 }}>
          <Button
            variant="outlined"
            startIcon={kind === 'photo' ? <PhotoCamera /> : <AttachFile />}
            disabled={room <= 0}
            onClick={() => input.current?.click()}
            aria-describedby={labelId}
            data-testid={`field-${field.key}-add`}
          >
            {kind === 'photo' ? DATA_FORM_TEXT.addPhoto : DATA_FORM_TEXT.addFile}
          </Button>
          {kind === 'photo' && (
            <>
              <Button
                variant="text"
                startIcon={<PhotoCamera />}
                disabled={room <= 0}
                onClick={() => camera.current?.click()}
                sx={{ ml: 1 }}
                data-testid={`field-${field.key}-camera`}
              >
                {DATA_FORM_TEXT.takePhoto}
              </Button>
              {/* On a phone or tablet this opens the camera straight away (the capture attribute). */}
              <input
                ref={camera}
                type="file"
                hidden
                accept="image/*"
                capture="environment"
                data-testid={`field-${field.key}-camera-input`}
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  e.target.value = '';
                  void add(files);
                }}
              />
            </>
          )}
          <input
            ref={input}
            type="file"
            hidden
            multiple={max > 1}
            accept={ACCEPT_ATTRIBUTE[kind]}
            data-testid={`field-${field.key}-input`}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              void add(files);
            }}
          />
        </Box>
      )}
      {hint && <FormHelperText>{hint}</FormHelperText>}
    </FormControl>
  );
}
