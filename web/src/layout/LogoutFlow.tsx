import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Confirm } from 'react-admin';
import { AUTH, SHELL } from '@portal/contracts';
import { signOut } from '../api/session';
import { queuedCount } from '../offline/db';
import { OFFLINE_TEXT } from '../offline/texts';

const LOGOUT_WAIT_MS = 1500;

/**
 * Logout: confirm ('Are you sure want to logout?', Yes/No), then 'Logging out...' for 1.5 s,
 * then the root route (which, signed out, leads to the login page). A full page load drops
 * everything the signed-in app kept in memory.
 */
export function LogoutFlow({ open, onClose }: { open: boolean; onClose(): void }) {
  const [leaving, setLeaving] = useState(false);
  const [failed, setFailed] = useState(false);
  // Logging out clears what the device kept for offline inspection: saves still waiting are named first (issue 21).
  const [unsent, setUnsent] = useState(0);
  useEffect(() => {
    if (open) void queuedCount().then(setUnsent);
  }, [open]);

  const confirm = async () => {
    onClose();
    setLeaving(true);
    const wait = new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS));
    try {
      await Promise.all([signOut(), wait]);
      window.location.assign('/');
    } catch {
      setLeaving(false);
      setFailed(true);
      setTimeout(() => setFailed(false), 2500);
    }
  };

  return (
    <>
      <Confirm
        isOpen={open}
        title="Logout"
        content={unsent > 0 ? `${AUTH.logoutConfirm} ${OFFLINE_TEXT.unsentAtLogout(unsent)}` : AUTH.logoutConfirm}
        confirm={SHELL.yes}
        cancel={SHELL.no}
        onConfirm={confirm}
        onClose={onClose}
      />
      <Backdrop open={leaving || failed} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}>
        {leaving && <CircularProgress color="inherit" />}
        <Typography variant="h6" role="status" data-testid="logout-status">
          {leaving ? AUTH.loggingOut : AUTH.logoutError}
        </Typography>
      </Backdrop>
    </>
  );
}
