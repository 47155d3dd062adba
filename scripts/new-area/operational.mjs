// Templates of a new operational area (shaped like clientInventory and looseGear): contracts
// (schemas, texts, the area's policy and its test), the table, the server feature (routes,
// service, queries scoped to the caller's namespace) with its API tests, and the web screen
// (ListScreen with a filter bar, a SchemaForm panel).
import { operationalContractsTemplates } from './operational-contracts.mjs';
import { operationalServerTemplates } from './operational-server.mjs';
import { panelTemplate, webAreaTemplates } from './web.mjs';

export function operationalTemplates(a) {
  const row = `${a.singularPascal}Row`;
  const text = `${a.constant}_TEXT`;
  const can = `${a.singularCamel}Can`;
  const api = `/${a.pascal}`;
  const names = { row, text, can, api };
  return [
    ...operationalContractsTemplates(a, names),
    ...operationalServerTemplates(a, names),
    ...webAreaTemplates(a, 'Build'),
    {
      path: `web/src/${a.camel}/api.ts`,
      content: `import type { ${row}, ${a.singularPascal}SaveBody } from '@portal/contracts/${a.camel}/schemas';
import { del, get, post } from '../api/http';
import { registerResourceApi } from '../providers/resourceApi';

type Query = Record<string, string | number | boolean | undefined>;

/** ${a.title} over its calls: GET /${a.pascal} pages by offset and limit, /count gives the total. */
registerResourceApi<${row}>('${a.camel}', {
  list: ({ offset, limit, filter }) => get<${row}[]>('${api}', { query: { ...(filter as Query), offset, limit } }),
  count: ({ filter }) => get<number>('${api}/count', { query: filter as Query }),
});

export const save${a.singularPascal} = (body: ${a.singularPascal}SaveBody) => post<${row}>('${api}', body);

/** Delete means archive: the record leaves the active list. */
export const archive${a.singularPascal} = (id: number) => del<{ message: string }>(\`${api}/\${id}\`);
`,
    },
    {
      path: `web/src/${a.camel}/${a.pascal}Page.tsx`,
      content: `import Button from '@mui/material/Button';
import { useCallback, useMemo, useState } from 'react';
import { CSV_PRODUCT_PREFIX } from '@portal/contracts';
import { ${text} } from '@portal/contracts/${a.camel}/messages';
import type { ${row} } from '@portal/contracts/${a.camel}/schemas';
import { useRecordPanel } from '../common/adminFlow';
import { type CsvColumn, editDeleteActions, type ListColumn, ListScreen, SearchBox, useLoadMoreList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { useCan } from '../session/SessionContext';
import { archive${a.singularPascal} } from './api';
import { ${a.singularPascal}Panel } from './${a.singularPascal}Panel';

const COLUMNS: ListColumn<${row}>[] = [
  { source: 'id', label: 'ID', width: 70, hidden: true },
  { source: 'name', label: 'Name', width: 260, card: 'title' },
  { source: 'description', label: 'Description', width: 360, card: 'subtitle' },
];
const CSV_COLUMNS: CsvColumn<${row}>[] = [
  { label: 'ID', value: (r) => r.id },
  { label: 'Name', value: (r) => r.name },
  { label: 'Description', value: (r) => r.description },
];
const TEXTS = { confirm: ${text}.deleteConfirm, done: ${text}.archived, failed: ${text}.deleteError };

/** Operations > ${a.title}: the list with its filter bar, and the add or edit panel. */
export default function ${a.pascal}Page({ title, crumbs }: ScreenProps) {
  const canWrite = useCan('${a.camel}.write');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(true);
  const filter = useMemo(() => ({ active: String(active), ...(search ? { search } : {}) }), [active, search]);
  const list = useLoadMoreList<${row}>({
    resource: '${a.camel}',
    filter,
    pageSize: 15,
    sort: { field: 'name', order: 'ASC' },
    loadError: ${text}.loadError,
  });
  const panel = useRecordPanel<${row}>(list.reload, archive${a.singularPascal}, TEXTS);
  const { edit, archive } = panel;
  const actions = useCallback((r: ${row}) => editDeleteActions(r, edit, archive.ask), [edit, archive.ask]);
  return (
    <ListScreen
      resource="${a.camel}"
      title={title}
      crumbs={crumbs}
      list={list}
      columns={COLUMNS}
      rowActions={actions}
      onAdd={canWrite ? panel.add : undefined}
      empty={${text}.empty}
      csv={{ filter, columns: CSV_COLUMNS, fileName: \`\${CSV_PRODUCT_PREFIX}${a.kebab}\` }}
      filters={<SearchBox label="Name" value={search} onChange={setSearch} width={220} />}
      toggles={
        <Button variant="text" onClick={() => setActive(!active)} data-testid="toggle-active">
          {active ? ${text}.showInactive : ${text}.showActive}
        </Button>
      }
    >
      <${a.singularPascal}Panel {...panel.props} />
      {archive.dialog}
    </ListScreen>
  );
}
`,
    },
    panelTemplate(a),
  ];
}
