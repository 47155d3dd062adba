import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import {
  checklistText,
  EMPTY_CHECKLIST,
  isLlgTaskType,
  REPORT_TEMPLATE_CODES,
  REPORT_TEMPLATES,
  TASK_TYPE_TEXT,
  TaskTypeForm,
  type TaskTypeRow,
} from '@portal/contracts';
import { errorText, fieldErrors } from '../common/adminFlow';
import { SidePanel } from '../common/list/SidePanel';
import { OptionPicker } from '../common/OptionPicker';
import { useDivisionOptions } from '../common/options';
import { SchemaForm, SchemaSaveButton } from '../common/SchemaForm';
import { useAlert } from '../common/useAlert';
import { saveTaskType } from './api';
import { ChecklistEditor } from './checklist/ChecklistEditor';
import { useTaskTypeAssetTypes } from './options';

/** The panel's values (TaskTypeForm's input): what the inputs hold, numbers and ids as typed or picked. */
interface PanelValues {
  name: string;
  acronymCode: string;
  divisionId: string;
  referenceStandard: string;
  inspectionMethod: string;
  validity: string;
  description: string;
  externalId: string;
  eiac: boolean;
  assetTypeId: string;
  reportTemplate: string;
  sectionsJson: string;
}

const valuesOf = (record: TaskTypeRow | null): PanelValues => ({
  name: record?.name ?? '',
  acronymCode: record?.acronymCode ?? '',
  divisionId: record ? String(record.divisionId) : '',
  referenceStandard: record?.referenceStandard ?? '',
  inspectionMethod: record?.inspectionMethod ?? '',
  validity: record ? String(record.validity) : '',
  description: record?.description ?? '',
  externalId: record?.externalId ?? '',
  eiac: record?.eiac ?? false,
  assetTypeId: record?.assetTypeId ? String(record.assetTypeId) : '',
  reportTemplate: record?.reportTemplate ?? '',
  sectionsJson: record?.sectionsJson ?? checklistText(EMPTY_CHECKLIST),
});

const PANEL_FIELDS = new Set(Object.keys(valuesOf(null)));
/** The bottom Save does not wait for the validity (administration document 5). */
const BOTTOM_SAVE_LENIENT = ['validity'];

/**
 * Add or edit a task type (administration document 2, "Task type dashboard"): an extra-large
 * panel with Details, Checklist and a disabled third tab, Save at the top and at the bottom.
 * The fields validate with the contracts' TaskTypeForm, the save body's rules: the top Save
 * needs all of them (name, division, valid checklist JSON, validity), the bottom one all but
 * the validity, whose message a click then shows (administration document 5).
 */
export function TaskTypePanel({
  open,
  record,
  finishing,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: TaskTypeRow | null;
  finishing: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  return (
    <SidePanel open={open} title={record ? `Edit Task Type: ${record.name}` : 'Add Task Type'} onClose={onClose} width={1180}>
      <TaskTypeFormPanel key={record?.id ?? 'new'} record={record} finishing={finishing} onClose={onClose} onSaved={onSaved} />
    </SidePanel>
  );
}

function TaskTypeFormPanel({
  record,
  finishing,
  onClose,
  onSaved,
}: {
  record: TaskTypeRow | null;
  finishing: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const alert = useAlert();
  const [tab, setTab] = useState(0);
  const values = useMemo(() => valuesOf(record), [record]);

  const submit = async (v: TaskTypeForm) => {
    try {
      await saveTaskType({
        ...(record ? { id: record.id } : {}),
        ...v,
        assetTypeId: v.assetTypeId ?? null,
      });
      alert.success(TASK_TYPE_TEXT.saved);
      onSaved();
      return undefined;
    } catch (error) {
      alert.saveError(errorText(error, TASK_TYPE_TEXT.saveError));
      // A message about a checklist path goes under the JSON; the others under their fields.
      const fields: Record<string, string> = {};
      for (const [field, message] of Object.entries(fieldErrors(error) ?? {})) {
        if (PANEL_FIELDS.has(field)) fields[field] = message;
        else fields.sectionsJson = `${field}: ${message}`;
      }
      if (fields.sectionsJson) setTab(1);
      return fields;
    }
  };

  return (
    <SchemaForm
      schema={TaskTypeForm}
      record={values}
      onSubmit={submit}
      onCancel={onClose}
      finishing={finishing}
      saveTestId="task-type-save"
      lenientSave={BOTTOM_SAVE_LENIENT}
    >
      <TaskTypeFields record={record} tab={tab} onTab={setTab} finishing={finishing} />
    </SchemaForm>
  );
}

function TaskTypeFields({
  record,
  tab,
  onTab,
  finishing,
}: {
  record: TaskTypeRow | null;
  tab: number;
  onTab(tab: number): void;
  finishing: boolean;
}) {
  const { control } = useFormContext<PanelValues>();
  const { errors, submitCount } = useFormState<PanelValues>();
  const name = useWatch<PanelValues, 'name'>({ name: 'name' });
  const divisions = useDivisionOptions();
  const assetTypes = useTaskTypeAssetTypes(isLlgTaskType(name ?? ''));

  // The bottom Save clicked without a validity: its message is on the Details tab.
  const validityRefused = errors.validity !== undefined && errors.validity.type !== 'server';
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new click moves the tab.
  useEffect(() => {
    if (validityRefused) onTab(0);
  }, [submitCount]);

  const error = (field: keyof PanelValues) => errors[field]?.message;
  const text = (field: keyof PanelValues, label: string, props: Record<string, unknown> = {}) => (
    <Controller
      name={field}
      control={control}
      render={({ field: input }) => (
        <TextField
          {...input}
          value={input.value ?? ''}
          label={label}
          fullWidth
          size="small"
          error={Boolean(error(field))}
          helperText={error(field)}
          {...props}
        />
      )}
    />
  );

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          borderBottom: 1,
          borderColor: 'divider',
          mx: -2.5,
          mt: -2,
          mb: 2,
          px: 2.5,
          position: 'sticky',
          top: -16,
          zIndex: 3,
          bgcolor: 'background.paper',
        }}
      >
        <Tabs value={tab} onChange={(_, next: number) => onTab(next)} variant="scrollable" sx={{ flex: 1, minHeight: 44 }}>
          <Tab label="Details" data-testid="tab-details" sx={{ minHeight: 44 }} />
          <Tab label="Checklist" data-testid="tab-checklist" sx={{ minHeight: 44 }} />
          <Tab label="Files" disabled sx={{ minHeight: 44 }} />
        </Tabs>
        <SchemaSaveButton finishing={finishing} testId="task-type-save-top" />
      </Box>

      {tab === 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 900 }}>
          <Controller
            name="name"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                label="Type Name"
                required
                fullWidth
                size="small"
                autoFocus
                error={Boolean(error('name'))}
                helperText={error('name')}
                slotProps={{ htmlInput: { maxLength: 200, 'aria-label': 'Type Name' } }}
              />
            )}
          />
          {text('acronymCode', 'Type Code', { slotProps: { htmlInput: { maxLength: 20 } } })}
          <Controller
            name="divisionId"
            control={control}
            render={({ field }) => (
              <OptionPicker<string>
                label="Division"
                required
                value={field.value || null}
                options={divisions.options.map((d) => ({ id: String(d.id), name: d.name }))}
                loading={divisions.loading}
                onChange={(next) => field.onChange(next ?? '')}
                onBlur={field.onBlur}
                emptyLabel={null}
                error={Boolean(error('divisionId'))}
                helperText={error('divisionId')}
                testId="task-type-division"
              />
            )}
          />
          {text('referenceStandard', 'Reference Standard', { slotProps: { htmlInput: { maxLength: 300 } } })}
          {text('inspectionMethod', 'Inspection Method', { slotProps: { htmlInput: { maxLength: 300 } } })}
          <Controller
            name="validity"
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                label="Validity (months)"
                required
                type="number"
                fullWidth
                size="small"
                error={Boolean(error('validity'))}
                helperText={error('validity')}
                slotProps={{ htmlInput: { min: 1, step: 1, 'aria-label': 'Validity (months)' } }}
              />
            )}
          />
          <Box sx={{ gridColumn: { md: '1 / -1' } }}>
            {text('description', 'Description', { multiline: true, minRows: 3, slotProps: { htmlInput: { maxLength: 2000 } } })}
          </Box>
          {text('externalId', 'External Id', { disabled: true, slotProps: { input: { readOnly: true } } })}
          <Controller
            name="eiac"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
                label="EIAC"
              />
            )}
          />
        </Box>
      )}

      {tab === 1 && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 900 }}>
            <Controller
              name="assetTypeId"
              control={control}
              render={({ field }) => (
                <OptionPicker<string>
                  label="Asset Type"
                  value={field.value || null}
                  options={[
                    // The saved asset type, archived since, still shows by its name.
                    ...(field.value && !assetTypes.some((a) => String(a.id) === field.value) && record?.assetTypeId === Number(field.value)
                      ? [{ id: field.value, name: record.assetType ?? `#${field.value}` }]
                      : []),
                    ...assetTypes.map((a) => ({ id: String(a.id), name: a.name })),
                  ]}
                  onChange={(next) => field.onChange(next ?? '')}
                  onBlur={field.onBlur}
                  error={Boolean(error('assetTypeId'))}
                  helperText={error('assetTypeId')}
                  testId="task-type-asset-type"
                />
              )}
            />
            <Controller
              name="reportTemplate"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label="Report Template"
                  fullWidth
                  size="small"
                  slotProps={{
                    select: { displayEmpty: true },
                    inputLabel: { shrink: true },
                    htmlInput: { 'data-testid': 'task-type-report-template' },
                  }}
                >
                  <MenuItem value="">
                    <em>None</em>
                  </MenuItem>
                  {REPORT_TEMPLATE_CODES.map((code) => (
                    <MenuItem key={code} value={code}>
                      {REPORT_TEMPLATES[code]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Box>
          <Controller
            name="sectionsJson"
            control={control}
            render={({ field, fieldState }) => (
              <ChecklistEditor
                looseGear={isLlgTaskType(name ?? '')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                serverError={fieldState.error?.type === 'server' ? fieldState.error.message : undefined}
              />
            )}
          />
        </Box>
      )}
    </>
  );
}
