import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useEffect, useMemo } from 'react';
import { useNotify } from 'react-admin';
import { ALERT_TITLE } from '@portal/contracts';

/**
 * Alerts with the spec's headers ('Success!!', 'Oops!!'...) and hide times: 2000 ms for
 * successes and load errors, 2500 ms for save and delete errors.
 */
export function useAlert() {
  const notify = useNotify();
  return useMemo(() => {
    const show = (severity: 'success' | 'error' | 'warning', title: string, text: string, detail: string | undefined, ms: number) =>
      notify(
        <Alert severity={severity} variant="filled" sx={{ minWidth: 320, boxShadow: 3 }} data-testid={`alert-${severity}`}>
          <AlertTitle>{title}</AlertTitle>
          {text}
          {detail && detail !== text ? <div style={{ opacity: 0.9, fontSize: 13 }}>{detail}</div> : null}
        </Alert>,
        { autoHideDuration: ms },
      );
    return {
      /** A success: 2000 ms unless the spec says otherwise (a sequence save: 1000 ms). */
      success: (text: string, ms = 2000, detail?: string) => show('success', ALERT_TITLE.success, text, detail, ms),
      /** Done, but not all of it (a job saved whose files failed): the primary text, then what failed. */
      partial: (text: string, detail: string, ms = 6000) => show('warning', ALERT_TITLE.success, text, detail, ms),
      /** A load error: 2000 ms. */
      error: (text: string, detail?: string) => show('error', ALERT_TITLE.oops, text, detail, 2000),
      /** A save or delete error: 2500 ms, with the server's text when it has one. */
      saveError: (text: string) => show('error', ALERT_TITLE.ooops, text, undefined, 2500),
    };
  }, [notify]);
}

/**
 * Shows the spec's load error once whenever `error` turns up (a failed list or picker query),
 * with the error's own text below it. `error` may be an Error, a plain message or nothing.
 */
export function useLoadErrorAlert(error: unknown, message: string): void {
  const alert = useAlert();
  useEffect(() => {
    if (!error) return;
    alert.error(message, error instanceof Error ? error.message : typeof error === 'string' && error !== message ? error : undefined);
  }, [error, message, alert]);
}
