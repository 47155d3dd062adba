import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDayUtc, REPORT_COLUMNS as C, type ReportRow, REPORTS_TEXT, reportResultLabel } from '@portal/contracts';
import { SidePanel } from '../common/list';
import { DocumentFrame } from '../tasks/DocumentTab';

/** The certificate PDF of a report (tasks document 2.2: blob key and observation id). */
export const certificateLink = (row: ReportRow) =>
  row.certificateFile ? `/api/filedownload?id=${encodeURIComponent(row.certificateFile.blobKey)}&observationId=${row.id}` : null;

/** The certificate PDF panel that the id cell opens (2.4): the report's facts, then its PDF in a frame. */
export function CertificatePanel({ report, onClose }: { report: ReportRow | null; onClose(): void }) {
  const facts: [string, string][] = report
    ? [
        [C.client, report.client],
        [C.site, report.site],
        [C.jobNumber, report.jobNumber],
        [C.result, reportResultLabel(report.result)],
        [C.certificateDate, formatDayUtc(report.certificateDate) || '—'],
      ]
    : [];
  return (
    <SidePanel
      open={Boolean(report)}
      title={report ? REPORTS_TEXT.certificateOf(report.certificateNumber, report.id) : ''}
      onClose={onClose}
      width={760}
    >
      {report && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="certificate-panel">
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
              gap: 1.5,
              m: 0,
              '& dd': { m: 0, fontWeight: 500 },
            }}
          >
            {facts.map(([label, value]) => (
              <div key={label}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2">
                  {value}
                </Typography>
              </div>
            ))}
          </Box>
          {report.status !== 16 && report.certificateFile && (
            <Typography variant="body2" color="warning.main">
              {REPORTS_TEXT.preview}
            </Typography>
          )}
          <DocumentFrame
            link={certificateLink(report)}
            title={REPORTS_TEXT.certificateOf(report.certificateNumber, report.id)}
            empty={REPORTS_TEXT.noCertificate}
            testId="report-certificate"
          />
        </Box>
      )}
    </SidePanel>
  );
}
