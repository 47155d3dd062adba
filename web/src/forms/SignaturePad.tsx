import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useEffect, useId, useRef, useState } from 'react';
import { DATA_FORM_TEXT, type ValueField } from '@portal/contracts';
import type { InputProps } from './FieldInputs';
import { blobKeysOf } from './formLogic';
import { fileUrl } from './upload';
import { type Uploader, UploadProgress, useUploads } from './UploadField';

const PAD_HEIGHT = 160;

/**
 * A signature: drawn with a finger, pen or mouse on a small canvas (pointer events), uploaded
 * as a PNG when the user takes it; shown as the image once stored.
 */
export function SignatureField({
  field,
  value,
  onChange,
  onBlur,
  error,
  upload,
}: InputProps<Extract<ValueField, { kind: 'signature' }>> & { upload?: Uploader }) {
  const labelId = useId();
  const [key] = blobKeysOf(value);
  const { pending, problem, send } = useUploads(upload, 'signature');
  const hint = problem ?? error ?? field.help;
  return (
    <FormControl component="fieldset" required={field.required} error={Boolean(problem ?? error)} fullWidth>
      <FormLabel component="legend" id={labelId}>
        {field.label}
      </FormLabel>
      {key ? (
        <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Box
            component="img"
            src={fileUrl(key)}
            alt={field.label}
            sx={{ height: PAD_HEIGHT, maxWidth: '100%', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
          />
          {upload && (
            <Button onClick={() => onChange(undefined)} data-testid={`field-${field.key}-clear`}>
              {DATA_FORM_TEXT.clearSignature}
            </Button>
          )}
        </Box>
      ) : upload ? (
        <Pad
          label={`${DATA_FORM_TEXT.signHere}: ${field.label}`}
          testId={`field-${field.key}`}
          busy={pending.length > 0}
          onTake={async (png) => {
            const stored = await send(png);
            if (stored) onChange([stored.blobKey]);
            onBlur();
          }}
        />
      ) : null}
      <UploadProgress pending={pending} />
      {hint && <FormHelperText>{hint}</FormHelperText>}
    </FormControl>
  );
}

function Pad({ label, testId, busy, onTake }: { label: string; testId: string; busy: boolean; onTake(png: File): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);

  // The bitmap follows the element's size and the screen's pixel ratio, so lines stay sharp.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const fitToBox = () => {
      const ratio = window.devicePixelRatio || 1;
      const { width } = element.getBoundingClientRect();
      if (Math.round(width * ratio) === element.width) return;
      element.width = Math.round(width * ratio);
      element.height = Math.round(PAD_HEIGHT * ratio);
      const context = element.getContext('2d');
      if (context) {
        context.scale(ratio, ratio);
        context.lineWidth = 2.2;
        context.lineCap = 'round';
        context.lineJoin = 'round';
        context.strokeStyle = '#0d2a4a';
      }
      setDrawn(false);
    };
    fitToBox();
    const observer = new ResizeObserver(fitToBox);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    setDrawn(false);
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Box
        component="canvas"
        ref={canvas}
        role="img"
        aria-label={label}
        data-testid={`${testId}-pad`}
        sx={{
          display: 'block',
          width: '100%',
          maxWidth: 520,
          height: PAD_HEIGHT,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          touchAction: 'none',
          cursor: 'crosshair',
          backgroundImage: 'linear-gradient(to top, transparent 34px, #b0bec5 34px, #b0bec5 35px, transparent 35px)',
        }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          last.current = point(event);
          const context = event.currentTarget.getContext('2d');
          if (context) {
            context.beginPath();
            context.arc(last.current.x, last.current.y, 1.1, 0, Math.PI * 2);
            context.fillStyle = '#0d2a4a';
            context.fill();
          }
          setDrawn(true);
        }}
        onPointerMove={(event) => {
          if (!last.current) return;
          const next = point(event);
          const context = event.currentTarget.getContext('2d');
          if (context) {
            context.beginPath();
            context.moveTo(last.current.x, last.current.y);
            context.lineTo(next.x, next.y);
            context.stroke();
          }
          last.current = next;
        }}
        onPointerUp={() => {
          last.current = null;
        }}
        onPointerCancel={() => {
          last.current = null;
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button onClick={clear} disabled={!drawn || busy} data-testid={`${testId}-clear`}>
          {DATA_FORM_TEXT.clearSignature}
        </Button>
        <Button
          variant="contained"
          disabled={!drawn || busy}
          data-testid={`${testId}-take`}
          onClick={() =>
            canvas.current?.toBlob((blob) => {
              if (blob) onTake(new File([blob], 'signature.png', { type: 'image/png' }));
            }, 'image/png')
          }
        >
          {DATA_FORM_TEXT.saveSignature}
        </Button>
      </Box>
    </Box>
  );
}
