import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * One guard for unsaved input on every way out of a page (issue 21 item 5): a link anywhere in
 * the shell (the side menu, breadcrumbs, the user menu), the browser's Back and Forward, reload
 * and closing the tab. A screen with unsaved input calls `useLeaveGuard(dirty, texts)` (every
 * SidePanel does, for the form or wizard in it); while one is dirty, a click on an in-app link or Back asks first with the screen's own words, and the
 * browser's own prompt covers reload and closing (`beforeunload`). The app uses a plain
 * BrowserRouter (react-router's `useBlocker` needs a data router), so links are caught at the
 * document before React sees the click, and Back by a spare history entry.
 */
export interface LeaveTexts {
  title: string;
  content: string;
  confirm: string;
  cancel: string;
}

interface Guard {
  texts: LeaveTexts;
}

/** The guards set now, by holder (a page and a side panel on it can both hold unsaved input): the newest one asks. */
type Guards = readonly (readonly [string, Guard])[];

const SPARE = 'leaveGuardSpare';
/** Where the last spare entry was pushed, and whether the entry before the last Back or Forward was one. */
const spare = { href: '', lastWasSpare: false };
const isSpare = (state: unknown) => typeof state === 'object' && state !== null && (state as Record<string, unknown>)[SPARE] === true;

const GuardContext = createContext<{ set(holder: string, guard: Guard | null): void } | null>(null);

/** Whether a click on this anchor leaves the page within the app (same origin, another path, no new tab or download). */
export function isInAppLeave(anchor: HTMLAnchorElement, event: MouseEvent, here: Location): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download')) return false;
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#')) return false;
  const url = new URL(anchor.href, here.href);
  if (url.origin !== here.origin || url.pathname.startsWith('/api/')) return false;
  return url.pathname !== here.pathname || url.search !== here.search;
}

export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [guards, setGuards] = useState<Guards>([]);
  const guard = guards.length ? guards[guards.length - 1][1] : null;
  const [pending, setPending] = useState<(() => void) | null>(null);
  const guardRef = useRef<Guard | null>(null);
  guardRef.current = guard;
  // Set while a confirmed Back runs, so its own history steps are not caught again.
  const leaving = useRef(false);

  // Links: caught in the capture phase at the document, before React's handlers navigate.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!guardRef.current) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || !isInAppLeave(anchor, event, window.location)) return;
      event.preventDefault();
      event.stopPropagation();
      const url = new URL(anchor.href);
      const to = `${url.pathname}${url.search}${url.hash}`;
      // The spare entry (below) gives way to the new page, so Back from there comes straight here.
      setPending(() => () => navigate(to, { replace: isSpare(window.history.state) }));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [navigate]);

  // Back and Forward: a spare entry of the same page is pushed while dirty; leaving it asks.
  const armed = guard !== null;
  useEffect(() => {
    if (!armed) return;
    leaving.current = false;
    const pushSpare = () => {
      window.history.pushState({ ...window.history.state, [SPARE]: true }, '', window.location.href);
      spare.href = window.location.href;
      spare.lastWasSpare = true;
    };
    if (!isSpare(window.history.state)) pushSpare();
    const onPop = () => {
      if (leaving.current || !guardRef.current) return;
      // Stay: the spare entry again, and ask.
      pushSpare();
      setPending(() => () => {
        leaving.current = true;
        window.history.go(-2);
      });
    };
    window.addEventListener('popstate', onPop);
    // Saved (clean again): the spare entry stays where it is (taking it away here would be a
    // navigation of its own, racing whatever the user does next); Back from it is passed on below.
    return () => window.removeEventListener('popstate', onPop);
  }, [armed]);

  // Back from a spare entry left behind lands on the same page: passed on, so one Back leaves.
  useEffect(() => {
    const onPop = () => {
      const wasSpare = spare.lastWasSpare;
      spare.lastWasSpare = isSpare(window.history.state);
      if (guardRef.current || leaving.current || !wasSpare || spare.lastWasSpare) return;
      if (window.location.href === spare.href) window.history.back();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // Reload and closing the tab: the browser's own prompt.
  useEffect(() => {
    if (!armed) return;
    const keep = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', keep);
    return () => window.removeEventListener('beforeunload', keep);
  }, [armed]);

  const value = useMemo(
    () => ({
      set(holder: string, next: Guard | null) {
        setGuards((current) => {
          const others = current.filter(([id]) => id !== holder);
          if (!next) return others.length === current.length ? current : others;
          return [...others, [holder, next] as const];
        });
      },
    }),
    [],
  );
  return (
    <GuardContext.Provider value={value}>
      {children}
      <ConfirmDialog
        open={pending !== null && guard !== null}
        title={guard?.texts.title ?? ''}
        content={guard?.texts.content ?? ''}
        confirm={guard?.texts.confirm ?? ''}
        cancel={guard?.texts.cancel}
        onConfirm={() => {
          const go = pending;
          setPending(null);
          setGuards([]);
          go?.();
        }}
        onClose={() => setPending(null)}
      />
    </GuardContext.Provider>
  );
}

/** Guards the page while `dirty`: every way out asks first with these texts. */
export function useLeaveGuard(dirty: boolean, texts: LeaveTexts): void {
  const context = useContext(GuardContext);
  const holder = useId();
  const { title, content, confirm, cancel } = texts;
  const set = context?.set;
  const release = useCallback(() => set?.(holder, null), [set, holder]);
  useEffect(() => {
    if (!set) return;
    set(holder, dirty ? { texts: { title, content, confirm, cancel } } : null);
  }, [set, holder, dirty, title, content, confirm, cancel]);
  useEffect(() => release, [release]);
}
