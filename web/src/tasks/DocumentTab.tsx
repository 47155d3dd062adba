import OpenInNew from '@mui/icons-material/OpenInNew';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import type { TaskDetail } from '@portal/contracts';
import { useAlert } from '../common/useAlert';
import { regenerateDocuments } from './api';
import { certificateStatusText, isPending, readCertificateStatus } from './documents';
import { TASK_UI } from './texts';

/** The certificate's status line: phase and state, a spinner while pending, Retry after a failure (or Generate PDF when none was made). */
export function CertificateStatusBar({ task, onRetried }: { task: TaskDetail; onRetried(): void }) {
  const alert = useAlert();
  const [busy, setBusy] = useState(false);
  const status = readCertificateStatus(task.certificateStatus);
  const color = status?.state === 'failed' ? 'error' : status?.state === 'ready' ? 'success' : 'default';
  async function retry() {
    setBusy(true);
    try {
      const answer = await regenerateDocuments(task.id, task.isLlg);
      alert.success(answer.message);
      onRetried();
    } catch (error) {
      alert.saveError((error as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={color}
        variant={status?.state === 'ready' ? 'filled' : 'outlined'}
        label={certificateStatusText(task.certificateStatus)}
        icon={isPending(task.certificateStatus) ? <CircularProgress size={14} /> : undefined}
        data-testid="certificate-status"
        data-status={task.certificateStatus ?? ''}
      />
      {(status === null || status.state === 'failed') && task.can.regenerate && (
        <Button size="small" startIcon={<Refresh />} onClick={retry} disabled={busy} data-testid="certificate-retry">
          {status === null ? TASK_UI.generatePdf : TASK_UI.retry}
        </Button>
      )}
    </Box>
  );
}

/**
 * A generated PDF in a frame (PREVIEW, FIELD REPORT, FULL CHECKLIST REPORT), with a link that
 * opens it in a new tab (phones show PDFs in their own viewer).
 */
export function DocumentFrame({ link, title, empty, testId }: { link: string | null; title: string; empty: string; testId: string }) {
  if (!link)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid={`${testId}-empty`}>
        {empty}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minHeight: 0 }}>
      <Box>
        <Button size="small" startIcon={<OpenInNew />} href={link} target="_blank" rel="noopener" data-testid={`${testId}-open`}>
          {TASK_UI.openNewTab}
        </Button>
      </Box>
      <Box
        component="iframe"
        src={link}
        title={title}
        data-testid={`${testId}-frame`}
        sx={{
          width: '100%',
          height: { xs: '70vh', md: 'calc(100vh - 330px)' },
          minHeight: 420,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#525659',
        }}
      />
    </Box>
  );
}

/** PREVIEW: the certificate (the preview before approval) with its status; a failure offers Retry. */
export function PreviewTab({ task, onRetried }: { task: TaskDetail; onRetried(): void }) {
  const status = readCertificateStatus(task.certificateStatus);
  const ready = status?.state === 'ready';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <CertificateStatusBar task={task} onRetried={onRetried} />
      {status?.state === 'failed' && <Alert severity="error">{TASK_UI.documentFailed}</Alert>}
      <DocumentFrame
        link={ready ? task.certificateLink : null}
        title="Certificate"
        empty={status && !ready ? certificateStatusText(task.certificateStatus) : TASK_UI.noCertificate}
        testId="preview"
      />
    </Box>
  );
}

/** FIELD REPORT and FULL CHECKLIST REPORT: the documents' status (and Generate PDF or Retry) above the report. */
export function ReportTab({ task, onRetried, children }: { task: TaskDetail; onRetried(): void; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <CertificateStatusBar task={task} onRetried={onRetried} />
      {children}
    </Box>
  );
}
