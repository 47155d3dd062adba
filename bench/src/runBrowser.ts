import { createSixtyFieldForm, measureDefinitionSaves, measureFormOpen } from './dataForms';
import { measureInspect } from './inspect';
import { measureListPaint } from './listPaint';
import { measureUsersTable } from './usersTable';
import { get, median, signIn } from './lib/http';
import { count, ms } from './lib/table';
import { add, failed, settings } from './runState';

// Figures g, i, p, j and k in Chromium on the big namespace (they need the web build).

export async function figureG(base: string, webProblem: string | null) {
  console.log('\n[g] Users screen after Load More to 2,000 rows (Chromium)');
  if (webProblem) {
    add({ id: 'g', figure: 'Users screen with 2,000 loaded rows', result: webProblem, target: 'no visible lag' });
    return;
  }
  const figures = await measureUsersTable(base, 'bench@demo.test', 'demo1234', 2000);
  add({
    id: 'g',
    figure: `Load More x19 to ${count(figures.rows)} rows (each a request and a render)`,
    result: ms(figures.loadMoreMs),
    target: '',
  });
  const worstSort = Math.max(...figures.sortMs);
  add({
    id: 'g',
    figure: 'sort a column of the 2,000 loaded rows, click to painted (worst of 3)',
    result: ms(worstSort),
    target: '< 200 ms',
    ok: worstSort < 200,
    detail: figures.sortMs.map((t) => ms(t)).join(', '),
  });
  add({
    id: 'g',
    figure: 'scroll through them, frame time p95 (300 px a frame)',
    result: ms(figures.frameP95Ms),
    target: '< 50 ms',
    ok: figures.frameP95Ms < 50,
    detail: `${figures.frames} frames, ${figures.longFrames} over 50 ms, worst ${ms(figures.frameMaxMs)}`,
  });
}

export async function figureI(base: string, webProblem: string | null) {
  console.log('\n[i] list first paint and in-app navigation, as LO-ADMIN of demo (Chromium)');
  if (webProblem) {
    add({ id: 'i', figure: 'first paint of a list with data', result: webProblem, target: '<= 500 ms' });
    return;
  }
  const figures = await measureListPaint(base, 'lo-admin@demo.test', 'demo1234', 7);
  const paint = median(figures.firstPaintMs);
  const { session, page, list } = figures.timeline;
  add({
    id: 'i',
    figure: 'open /resources/users again: navigation start to first row painted (median of 7)',
    result: ms(paint),
    target: '<= 500 ms',
    ok: paint <= 500,
    detail: `runs ${figures.firstPaintMs.map(ms).join(', ')}; session call at ${session} ms, page module at ${page} ms, list request at ${list} ms`,
  });
  const navigation = median(figures.navigationMs);
  add({
    id: 'i',
    figure: 'in-app navigation Users <-> Clients, clicked on a settled page: click to first row painted (median of 14)',
    result: ms(navigation),
    target: '<= 100 ms',
    ok: navigation <= 100,
    detail: `worst ${ms(Math.max(...figures.navigationMs))}`,
  });
}

/**
 * p: the inspector's day on a 1024x768 tablet (issue 21), as the demo's field engineer: INSPECT
 * of their open tasks never opened (click to first field painted), and an item saved with the
 * next one opened. Tasks whose first items have no form, so that Pass alone completes them.
 */
export async function figureP(base: string, webProblem: string | null) {
  console.log('\n[p] INSPECT on a 1024x768 tablet, as FIELD-ENGG of demo (Chromium)');
  if (webProblem) {
    add({ id: 'p', figure: "open a task's INSPECT on a tablet", result: webProblem, target: '<= 300 ms' });
    return;
  }
  const token = await signIn(base, 'field-engg@demo.test');
  const auth = { authorization: `Bearer ${token}` };
  const filter = encodeURIComponent(JSON.stringify({ status: 1, mine: true }));
  const rows = JSON.parse((await get(`${base}/api/Observation?offset=0&limit=200&filter=${filter}`, auth)).body) as {
    id: number;
    can: { inspect: boolean };
  }[];
  const tasks: number[] = [];
  for (const row of rows) {
    if (!row.can.inspect || tasks.length >= 5) continue;
    const checklist = JSON.parse((await get(`${base}/api/Observation/${row.id}/checklist`, auth)).body) as {
      nodes: { nodeType: string; form: unknown }[];
    };
    const items = checklist.nodes.filter((n) => n.nodeType === 'ITEM');
    if (items.length >= 4 && items.slice(0, 4).every((n) => n.form === null)) tasks.push(row.id);
  }
  if (tasks.length === 0) throw new Error('no open task of the field engineer whose first items have no form');
  const figures = await measureInspect(base, 'field-engg@demo.test', 'demo1234', tasks, 3);
  const open = median(figures.openMs);
  add({
    id: 'p',
    figure: `open a task's INSPECT on a 1024x768 tablet, click to first field painted (median of ${figures.openMs.length}, first open of each task)`,
    result: ms(open),
    target: '<= 300 ms',
    ok: open <= 300,
    detail: `runs ${figures.openMs.map(ms).join(', ')}`,
  });
  const next = median(figures.saveNextMs);
  add({
    id: 'p',
    figure: `save one item and open the next, click to its FORM painted (median of ${figures.saveNextMs.length})`,
    result: ms(next),
    target: '<= 150 ms',
    ok: next <= 150,
    detail: `worst ${ms(Math.max(...figures.saveNextMs))}`,
  });
}

/** j and k on a bench-created 60-field form in the demo namespace, as LO-ADMIN. */
export async function figuresJK(base: string, webProblem: string | null) {
  console.log('\n[j, k] Data Forms with a 60-field form, as LO-ADMIN of demo');
  let form: { id: number };
  try {
    form = await createSixtyFieldForm(base, await signIn(base, 'lo-admin@demo.test'));
  } catch (error) {
    failed('j', 'rendering a 60-field form to interactive', '<= 1 s', error);
    failed('k', 'saving a 60-field definition', 'p95 < 200 ms', error);
    return;
  }
  try {
    const token = await signIn(base, 'lo-admin@demo.test');
    const saves = await measureDefinitionSaves(base, token, form.id, settings.sequential >= 200 ? 50 : 15);
    add({
      id: 'k',
      figure: `saving a 60-field definition: POST /api/Setting/FormJSON (${count(saves.bytes)} bytes, p95)`,
      result: ms(saves.p95),
      target: 'p95 < 200 ms',
      ok: saves.p95 < 200,
      detail: `median ${ms(saves.median)}, max ${ms(saves.max)}`,
    });
  } catch (error) {
    failed('k', 'saving a 60-field definition', 'p95 < 200 ms', error);
  }
  if (webProblem) {
    add({ id: 'j', figure: 'rendering a 60-field form to interactive', result: webProblem, target: '<= 1 s' });
    return;
  }
  try {
    const open = await measureFormOpen(base, 'lo-admin@demo.test', 'demo1234', form.id, 5);
    const canvas = median(open.canvas);
    add({
      id: 'j',
      figure: 'rendering a 60-field form to interactive: Show Form click to 60 fields painted on the canvas (median of 5)',
      result: ms(canvas),
      target: '<= 1 s',
      ok: canvas <= 1000,
      detail: `runs ${open.canvas.map(ms).join(', ')}`,
    });
    const preview = median(open.preview);
    add({
      id: 'j',
      figure: 'the same form: Preview click to its 60th field painted by the renderer (median of 5)',
      result: ms(preview),
      target: '<= 500 ms',
      ok: preview <= 500,
      detail: `runs ${open.preview.map(ms).join(', ')}`,
    });
  } catch (error) {
    failed('j', 'rendering a 60-field form to interactive', '<= 1 s', error);
  }
}
