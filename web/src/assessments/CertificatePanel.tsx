import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ASSESSMENT_TEXT, type AssessmentRow, assessmentResultLabel, formatDayUtc } from '@portal/contracts';
import { SidePanel } from '../common/list';
import { fileUrl } from '../looseGear/columns';

/** The Report cell's certificate panel (2.8): the certificate (or Fail report) PDF in a frame. */
export function CertificatePanel({ row, onClose }: { row: AssessmentRow | null; onClose(): void }) {
  const link = row?.certificateFile ? fileUrl(row.certificateFile) : null;
  return (
    <SidePanel
      open={Boolean(row)}
      title={row ? ASSESSMENT_TEXT.certificateTitle(row.certificateNumber ?? '') : ''}
      onClose={onClose}
      width={860}
    >
      {row && (
        <Box data-testid="assessment-certificate" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
              {[row.location, row.taskType, assessmentResultLabel(row.result), formatDayUtc(row.actualInspectionDate)]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {link && (
              <Button
                size="small"
                startIcon={<OpenInNew />}
                href={link}
                target="_blank"
                rel="noopener"
                data-testid="assessment-certificate-open"
              >
                Open in a new tab
              </Button>
            )}
          </Box>
          {link ? (
            <Box
              component="iframe"
              src={link}
              title={ASSESSMENT_TEXT.certificateTitle(row.certificateNumber ?? '')}
              data-testid="assessment-certificate-frame"
              sx={{
                width: '100%',
                flex: 1,
                minHeight: { xs: '70vh', md: 'calc(100vh - 140px)' },
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            />
          ) : (
            <Typography color="text.secondary">{ASSESSMENT_TEXT.noCertificate}</Typography>
          )}
        </Box>
      )}
    </SidePanel>
  );
}
