import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type ChildLlgTask, formatDate, TASK_TEXT } from '@portal/contracts';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useAlert } from '../../common/useAlert';
import { changeStatus, documentUrl } from '../api';
import { certificateStatusText } from '../documents';
import { TaskStatusIcon } from '../TaskStatusIcon';
import { resultLabel } from './llgRules';
import { LLG_UI } from './texts';

type Change = { child: ChildLlgTask; to: 64 | 2 };

/**
 * RECORDS (tasks document 2.2, 4): the children of the LLG task with their result, certificate
 * status and number (its PDF), and remove (64) / reopen (2) where the server's flags allow
 * (APPROVER, APPROVER-ONLY), each behind a confirm. A table; below 1200 px a card per record.
 */
export function LlgRecords({ records, onChanged }: { records: ChildLlgTask[]; onChanged(): void }) {
  const alert = useAlert();
  const theme = useTheme();
  // Ten columns need the desktop's width: below it (a tablet with the menu open, a phone) a card per record.
  const phone = useMediaQuery(theme.breakpoints.down('lg'));
  const [change, setChange] = useState<Change | null>(null);
  const [busy, setBusy] = useState(false);

  async function run({ child, to }: Change) {
    setBusy(true);
    try {
      const answer = await changeStatus(child.id, to);
      alert.success(answer.message);
      onChanged();
    } catch (error) {
      alert.saveError((error as Error).message || TASK_TEXT.updateError);
    } finally {
      setBusy(false);
      setChange(null);
    }
  }

  const actions = (child: ChildLlgTask) => (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: phone ? 'flex-start' : 'flex-end' }}>
      {child.can.remove && (
        <Button size="small" color="error" onClick={() => setChange({ child, to: 64 })} data-testid="llg-record-remove">
          {LLG_UI.remove}
        </Button>
      )}
      {child.can.reopen && (
        <Button size="small" onClick={() => setChange({ child, to: 2 })} data-testid="llg-record-reopen">
          {LLG_UI.reopen}
        </Button>
      )}
    </Box>
  );

  const dialog = (
    <ConfirmDialog
      open={change !== null}
      title={change?.to === 64 ? LLG_UI.removeTitle : LLG_UI.reopenTitle}
      content={change ? (change.to === 64 ? LLG_UI.removeText : LLG_UI.reopenText)(change.child.llgSerialNumber) : ''}
      confirm={change?.to === 64 ? LLG_UI.remove : LLG_UI.reopen}
      cancel={LLG_UI.cancel}
      destructive={change?.to === 64}
      note={LLG_UI.removeNote}
      loading={busy}
      onConfirm={() => change && run(change)}
      onClose={() => setChange(null)}
    />
  );

  if (records.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }} data-testid="llg-records-empty">
        {LLG_UI.noRecords}
      </Typography>
    );

  if (phone)
    return (
      <Box
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
        data-testid="llg-records"
      >
        {records.map((child) => (
          <Paper key={child.id} variant="outlined" sx={{ p: 1.5 }} data-testid="llg-record" data-serial={child.llgSerialNumber}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <TaskStatusIcon status={child.status} />
              <Serial child={child} />
              <Box sx={{ flex: 1 }} />
              <Result result={child.result} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {[child.taskTypeDesc, child.specification, child.acronymCode, child.safeWorkingLoad ? `SWL ${child.safeWorkingLoad}` : null]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {[formatDate(child.actualInspectionDate), certificateStatusText(child.certificateStatus)].filter(Boolean).join(' · ')}
            </Typography>
            <Certificate child={child} />
            {actions(child)}
          </Paper>
        ))}
        {dialog}
      </Box>
    );

  // The Actions column only where some record has an action for the caller.
  const acting = records.some((c) => c.can.remove || c.can.reopen);
  const head = [
    LLG_UI.serialNumber,
    LLG_UI.item,
    LLG_UI.specification,
    LLG_UI.acronymCode,
    LLG_UI.swl,
    LLG_UI.result,
    LLG_UI.inspectionDate,
    LLG_UI.certificateStatus,
    LLG_UI.certificateNumber,
    ...(acting ? [LLG_UI.actions] : []),
  ];
  return (
    <>
      <TableContainer component={Paper} variant="outlined" data-testid="llg-records">
        <Table size="small" sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'action.hover' } }}>
          <TableHead>
            <TableRow>
              {head.map((label, i) => (
                <TableCell key={label} align={acting && i === head.length - 1 ? 'right' : 'left'}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((child) => (
              <TableRow key={child.id} hover data-testid="llg-record" data-serial={child.llgSerialNumber}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <TaskStatusIcon status={child.status} />
                    <Serial child={child} />
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{child.taskTypeDesc}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>{child.specification}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{child.acronymCode}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{child.safeWorkingLoad}</TableCell>
                <TableCell>
                  <Result result={child.result} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(child.actualInspectionDate)}</TableCell>
                <TableCell data-testid="llg-record-certificate-status">{certificateStatusText(child.certificateStatus)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Certificate child={child} />
                </TableCell>
                {acting && <TableCell align="right">{actions(child)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {dialog}
    </>
  );
}

/** The serial number, opening the child's own task details where the caller may open it. */
function Serial({ child }: { child: ChildLlgTask }) {
  return child.can.open ? (
    <Link component={RouterLink} to={`/operations/tasks/${child.id}`} sx={{ fontWeight: 600 }} data-testid="llg-record-serial">
      {child.llgSerialNumber}
    </Link>
  ) : (
    <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="llg-record-serial">
      {child.llgSerialNumber}
    </Typography>
  );
}

const RESULT_COLOURS: Record<number, { bgcolor: string; color: string }> = {
  1: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  2: { bgcolor: '#fdecea', color: '#b71c1c' },
  3: { bgcolor: '#fff4d6', color: '#7a4f00' },
};

/** Pass, Fail or Pending (DECISIONS 5); nothing without a result. */
function Result({ result }: { result: number | null }) {
  const label = resultLabel(result);
  if (!label || result === null) return null;
  return (
    <Chip
      label={label}
      size="small"
      sx={{ fontWeight: 600, ...RESULT_COLOURS[result] }}
      data-testid="llg-record-result"
      data-result={result}
    />
  );
}

function Certificate({ child }: { child: ChildLlgTask }) {
  if (!child.certificateNumber) return null;
  return child.certificateFile ? (
    <Link
      href={documentUrl(child.certificateFile.blobKey, child.id)}
      target="_blank"
      rel="noopener"
      aria-label={LLG_UI.openCertificate(child.certificateNumber)}
      data-testid="llg-record-certificate"
    >
      {child.certificateNumber}
    </Link>
  ) : (
    <span data-testid="llg-record-certificate">{child.certificateNumber}</span>
  );
}
