import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GridState, GridStateAnswer } from '@portal/contracts';
import { buildUrl, del, get, http } from '../../api/http';
import { emptyLayout, type ResolvedLayout, resolveLayout, toState } from './layout';
import type { GridColumn } from './types';

/** A change is saved this long after the last one (a resize sends one request, not fifty). */
const SAVE_DELAY_MS = 400;

export interface GridLayout {
  /** The layout read against the columns. */
  layout: ResolvedLayout;
  /** False until the saved layout has been read (or failed to: the screen's defaults then). */
  ready: boolean;
  /** Changes the layout; saved on the server shortly after. */
  change(next: (current: ResolvedLayout) => ResolvedLayout): void;
  /** Forgets the user's layout (the screen's defaults again). */
  reset(): void;
}

const pathOf = (screen: string) => `/profile/grids/${encodeURIComponent(screen)}`;

/**
 * The column layout (order, widths, grouping, hidden) of `screen`'s grid for the signed-in
 * user, kept on the server (`/api/profile/grids/{screen}`) so that it follows the user to
 * another browser. A change shows at once and is saved 400 ms after the last one; a change not
 * yet saved when the page goes away is sent on `pagehide` (keepalive).
 */
export function useGridLayout<R>(screen: string, columns: GridColumn<R>[]): GridLayout {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['gridState', screen],
    queryFn: ({ signal }) => get<GridStateAnswer>(pathOf(screen), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [local, setLocal] = useState<GridState | null>(null);
  const saved = query.data?.state ?? null;
  const state = local ?? saved ?? emptyLayout();
  const layout = useMemo(() => resolveLayout(columns, state), [columns, state]);
  const pending = useRef<GridState | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const flush = useCallback(
    (keepalive = false) => {
      window.clearTimeout(timer.current);
      const body = pending.current;
      if (!body) return;
      pending.current = null;
      client.setQueryData<GridStateAnswer>(['gridState', screen], { screen, state: body });
      if (keepalive) {
        void fetch(buildUrl(pathOf(screen)), {
          method: 'PUT',
          keepalive: true,
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
        }).catch(() => undefined);
      } else {
        void http(pathOf(screen), { method: 'PUT', body }).catch(() => undefined);
      }
    },
    [client, screen],
  );

  useEffect(() => {
    const onHide = () => flush(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flush();
    };
  }, [flush]);

  const change = useCallback(
    (next: (current: ResolvedLayout) => ResolvedLayout) => {
      const updated = toState(columns, next(layout));
      setLocal(updated);
      pending.current = updated;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => flush(), SAVE_DELAY_MS);
    },
    [columns, layout, flush],
  );

  const reset = useCallback(() => {
    window.clearTimeout(timer.current);
    pending.current = null;
    setLocal(emptyLayout());
    client.setQueryData<GridStateAnswer>(['gridState', screen], { screen, state: null });
    void del(pathOf(screen)).catch(() => undefined);
  }, [client, screen]);

  return { layout, ready: !query.isPending, change, reset };
}
