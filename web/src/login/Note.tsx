import type { ReactNode } from 'react';

/** A message box of the login page (info, success, warning, error). */
export function Note({ kind, children, testId }: { kind: 'info' | 'success' | 'warning' | 'error'; children: ReactNode; testId?: string }) {
  return (
    <div className={`lp-note lp-note-${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
