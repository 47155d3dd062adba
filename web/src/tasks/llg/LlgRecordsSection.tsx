import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { LLG_TEXT, TASK_TEXT } from '@portal/contracts';
import { useLoadErrorAlert } from '../../common/useAlert';
import { childrenKey, loadChildren } from './api';
import { LlgRecords } from './LlgRecords';
import { LLG_UI } from './texts';

/**
 * RECORDS above an LLG task's PREVIEW (tasks document 4: "LLG certificate browsing always"):
 * INSPECT is open only to APPROVER and FIELD-ENGG while the task is open, so the approver of a
 * submitted task, APPROVER-ONLY and the other readers see the child records, their certificates
 * and (where the server allows) remove and reopen here. Ours: docs/decisions.md.
 */
export function LlgRecordsSection({ parentId, onChanged }: { parentId: number; onChanged(): void }) {
  const children = useQuery({ queryKey: childrenKey(parentId), queryFn: () => loadChildren(parentId) });
  useLoadErrorAlert(children.error, TASK_TEXT.loadChildLlgError);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="llg-preview-records">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="overline" component="h2" sx={{ color: 'text.secondary', lineHeight: 2 }}>
          {LLG_TEXT.recordsTab}
        </Typography>
        {children.data && (
          <Typography variant="body2" color="text.secondary">
            {LLG_UI.childRecords(children.data.children.length)}
          </Typography>
        )}
      </Box>
      {children.data ? (
        <LlgRecords
          records={children.data.children}
          onChanged={() => {
            void children.refetch();
            onChanged();
          }}
        />
      ) : children.error ? null : (
        <CircularProgress size={24} aria-label="Loading child records" />
      )}
    </Box>
  );
}
