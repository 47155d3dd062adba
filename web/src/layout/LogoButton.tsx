import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { useState } from 'react';

/** A logo in the header; a click shows it enlarged. */
export function LogoButton({ src, alt, testId }: { src: string; alt: string; testId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={`Enlarge ${alt}`}
        sx={{ borderRadius: 1.5, bgcolor: '#fff', p: '3px' }}
        data-testid={testId}
      >
        <Box
          component="img"
          src={src}
          alt={alt}
          sx={{ height: 34, maxWidth: 120, objectFit: 'contain', display: 'block', borderRadius: 1 }}
        />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" aria-label={alt}>
        <DialogContent sx={{ p: 3 }}>
          <Box
            component="img"
            src={src}
            alt={alt}
            sx={{ width: 320, maxWidth: '100%', display: 'block' }}
            data-testid={`${testId}-large`}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
