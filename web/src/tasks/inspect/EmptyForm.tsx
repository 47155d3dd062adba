import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { TASK_UI } from '../texts';

/** The FORM area when nothing can be filled: Save stays disabled (tasks document 5). */
export function EmptyForm({ editable, disabled }: { editable: boolean; disabled: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, py: 2 }}>
      <Typography color="text.secondary">{TASK_UI.pickItem}</Typography>
      {editable && (
        <Box>
          <Button variant="contained" disabled={disabled} data-testid="checklist-save">
            {TASK_UI.save}
          </Button>
        </Box>
      )}
    </Box>
  );
}
