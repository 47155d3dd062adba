// Templates of a new settings area's web screen, on the list kit (web/src/common/list).

export function webTemplates(a) {
  const row = `${a.singularPascal}Row`;
  const text = `${a.constant}_TEXT`;
  return [
    ...webAreaTemplates(a, 'Tune'),
    {
      path: `web/src/${a.camel}/api.ts`,
      content: `import { ${a.constant}_OBJECT_TYPE, type ${row}, type ${a.singularPascal}SaveBody } from '@portal/contracts/${a.camel}/schemas';
import { del, get, post } from '../api/http';
import { registerResourceApi } from '../providers/resourceApi';

/** ${a.title} over the generic settings calls: GET /Setting?objectType=${a.constant} pages by offset and limit. */
registerResourceApi<${row}>('${a.camel}', {
  list: ({ offset, limit }) => get<${row}[]>('/Setting', { query: { objectType: ${a.constant}_OBJECT_TYPE, offset, limit } }),
});

export const save${a.singularPascal} = (body: Omit<${a.singularPascal}SaveBody, 'objectType'>) =>
  post<${row}>('/Setting', { ...body, objectType: ${a.constant}_OBJECT_TYPE });

/** Delete means archive: the record leaves the list and the pickers. */
export const archive${a.singularPascal} = (id: number) => del<{ message: string }>(\`/Setting/\${id}\`);
`,
    },
    {
      path: `web/src/${a.camel}/csvColumns.ts`,
      content: `import type { ${row} } from '@portal/contracts/${a.camel}/schemas';
import type { CsvColumn } from '../common/list';

/** The CSV export of the ${a.title} table. */
export const ${a.singularCamel}CsvColumns: CsvColumn<${row}>[] = [
  { label: 'ID', value: (r) => r.id },
  { label: 'Name', value: (r) => r.name },
  { label: 'Description', value: (r) => r.description },
];
`,
    },
    {
      path: `web/src/${a.camel}/${a.pascal}Page.tsx`,
      content: `import { useCallback } from 'react';
import { ADMIN_PAGE_SIZE, CSV_PRODUCT_PREFIX } from '@portal/contracts';
import { ${text} } from '@portal/contracts/${a.camel}/messages';
import type { ${row} } from '@portal/contracts/${a.camel}/schemas';
import { useRecordPanel } from '../common/adminFlow';
import { editDeleteActions, type ListColumn, ListScreen, useLoadMoreList } from '../common/list';
import type { ScreenProps } from '../common/screen';
import { useCan } from '../session/SessionContext';
import { archive${a.singularPascal} } from './api';
import { ${a.singularCamel}CsvColumns } from './csvColumns';
import { ${a.singularPascal}Panel } from './${a.singularPascal}Panel';

const COLUMNS: ListColumn<${row}>[] = [
  { source: 'id', label: 'ID', width: 70, hidden: true },
  { source: 'name', label: 'Name', width: 260, card: 'title' },
  { source: 'description', label: 'Description', width: 360, card: 'subtitle' },
];
const LIST = {
  resource: '${a.camel}',
  filter: {},
  pageSize: ADMIN_PAGE_SIZE.divisions,
  sort: { field: 'name', order: 'ASC' } as const,
  loadError: ${text}.loadError,
};
const SCREEN = {
  resource: '${a.camel}',
  columns: COLUMNS,
  empty: 'No ${a.title.toLowerCase()} yet',
  csv: { filter: {}, columns: ${a.singularCamel}CsvColumns, fileName: \`\${CSV_PRODUCT_PREFIX}${a.kebab}\` },
};
const TEXTS = { confirm: ${text}.deleteConfirm, done: ${text}.archived, failed: ${text}.deleteError };

/** Settings > ${a.title}. */
export default function ${a.pascal}Page({ title, crumbs }: ScreenProps) {
  const canWrite = useCan('${a.camel}.write');
  const list = useLoadMoreList<${row}>(LIST);
  const panel = useRecordPanel<${row}>(list.reload, archive${a.singularPascal}, TEXTS);
  const { edit, archive } = panel;
  const actions = useCallback((r: ${row}) => editDeleteActions(r, edit, archive.ask), [edit, archive.ask]);
  return (
    <ListScreen {...SCREEN} title={title} crumbs={crumbs} list={list} rowActions={actions} onAdd={canWrite ? panel.add : undefined}>
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

/**
 * The two files by which the web finds an area (no web file lists it): area.ts (route key and
 * page, web/src/areas.ts) and icon.tsx (its menu icon, web/src/layout/icons.tsx).
 */
export function webAreaTemplates(a, icon) {
  return [
    {
      path: `web/src/${a.camel}/area.ts`,
      content: `import type { WebArea } from '../areas';

/** ${a.title}'s screen: found by web/src/areas.ts, its page loaded on demand. */
export const area: WebArea = { route: '${a.camel}', screen: () => import('./${a.pascal}Page') };
`,
    },
    {
      path: `web/src/${a.camel}/icon.tsx`,
      content: `import ${icon} from '@mui/icons-material/${icon}';
import type { RouteKey } from '@portal/contracts';

/** ${a.title}'s menu icon: found by web/src/layout/icons.tsx. */
export const icon = { route: '${a.camel}' satisfies RouteKey, icon: <${icon} /> };
`,
    },
  ];
}

/** The add/edit side panel on SchemaForm: the same for a settings and an operational area. */
export function panelTemplate(a) {
  const row = `${a.singularPascal}Row`;
  const text = `${a.constant}_TEXT`;
  return {
    path: `web/src/${a.camel}/${a.singularPascal}Panel.tsx`,
    content: `import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { TextInput } from 'react-admin';
import { ${text} } from '@portal/contracts/${a.camel}/messages';
import { type ${row}, ${a.singularPascal}SaveBody } from '@portal/contracts/${a.camel}/schemas';
import { errorText, fieldErrors } from '../common/adminFlow';
import { SchemaForm } from '../common/SchemaForm';
import { SidePanel } from '../common/list';
import { useAlert } from '../common/useAlert';
import { save${a.singularPascal} } from './api';

/** The fields the panel edits, validated by the same schema the server uses. */
const FormSchema = ${a.singularPascal}SaveBody.pick({ name: true, description: true });

/** Add or edit one ${a.singularTitle.toLowerCase()}. */
export function ${a.singularPascal}Panel({
  open,
  record,
  finishing,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: ${row} | null;
  finishing: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const alert = useAlert();
  const values = useMemo(() => ({ name: record?.name ?? '', description: record?.description ?? '' }), [record]);

  const submit = async (input: Record<string, unknown>) => {
    try {
      await save${a.singularPascal}({ ...(record ? { id: record.id } : {}), ...(input as { name: string; description?: string }) });
      alert.success(${text}.saved);
      onSaved();
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, ${text}.saveError));
      return fieldErrors(error);
    }
  };

  return (
    <SidePanel open={open} title={record ? \`Edit ${a.singularTitle}: \${record.name}\` : 'Add ${a.singularTitle}'} onClose={onClose} width={440}>
      <SchemaForm schema={FormSchema} record={values} onSubmit={submit} onCancel={onClose} finishing={finishing} key={record?.id ?? 'new'} saveTestId="${a.kebab}-save">
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <TextInput source="name" label="Name" autoFocus />
          <TextInput source="description" label="Description" multiline minRows={2} />
        </Box>
      </SchemaForm>
    </SidePanel>
  );
}
`,
  };
}
