import { sql } from 'drizzle-orm';
import type { GridState, GridStateAnswer } from '@portal/contracts';
import { queryRows } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import type { RequestContext } from '../context';

/**
 * A user's own grid column states (issue 23): one row per user and screen, read and replaced
 * whole. Only the caller's own rows are ever named (the session's user and namespace), so
 * there is no id to guess.
 */
export async function gridStateOf(ctx: RequestContext, screen: string): Promise<GridStateAnswer> {
  const [row] = await queryRows<{ state: GridState }>(
    ctx.db,
    sql`select state from user_grid_states
         where user_id = ${ctx.user.id}::int and namespace_id = ${ctx.scope.namespaceId}::int and screen = ${screen}`,
  );
  return { screen, state: row?.state ?? null };
}

export async function saveGridState(ctx: RequestContext, screen: string, state: GridState): Promise<GridStateAnswer> {
  const json = JSON.stringify(state);
  await inTransaction(ctx.db, { userId: ctx.user.id, namespaceId: ctx.scope.namespaceId }, (tx) =>
    tx.execute(
      sql`insert into user_grid_states (namespace_id, user_id, screen, state, modified_at)
          values (${ctx.scope.namespaceId}::int, ${ctx.user.id}::int, ${screen}, ${json}::jsonb, now())
          on conflict (user_id, screen) do update set state = excluded.state, modified_at = now()`,
    ),
  );
  return { screen, state };
}

export async function deleteGridState(ctx: RequestContext, screen: string): Promise<GridStateAnswer> {
  await inTransaction(ctx.db, { userId: ctx.user.id, namespaceId: ctx.scope.namespaceId }, (tx) =>
    tx.execute(sql`delete from user_grid_states where user_id = ${ctx.user.id}::int and screen = ${screen}`),
  );
  return { screen, state: null };
}
