import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  Checklist,
  checklistText,
  EMPTY_CHECKLIST,
  isLlgTaskType,
  parseJsonAs,
  REPORT_TEMPLATE_CODES,
  REPORT_TEMPLATES,
  type ReportTemplate,
  SHELL,
  TASK_TYPE_TEXT,
  type TaskTypeRow,
} from '@portal/contracts';
import { errorText, fieldErrors } from '../common/adminFlow';
import { SidePanel, TrackUnsavedChanges } from '../common/list/SidePanel';
import { OptionPicker } from '../common/OptionPicker';
import { PanelFooter } from '../common/PanelFooter';
import { useDivisionOptions } from '../common/options';
import { useAlert } from '../common/useAlert';
import { saveTaskType } from './api';
import { ChecklistEditor } from './checklist/ChecklistEditor';
import { useTaskTypeAssetTypes } from './options';

/** The panel's values: what the inputs hold (texts; numbers and ids as typed or picked). */
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

const wholeMonths = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1;
const PANEL_FIELDS = new Set(Object.keys(valuesOf(null)));

/**
 * Add or edit a task type (administration document 2, "Task type dashboard"): an extra-large
 * panel with Details, Checklist and a disabled third tab, Save at the top and at the bottom.
 * The top Save needs name, division, valid checklist JSON and validity; the bottom one name,
 * division and valid checklist JSON (administration document 5).
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
      <TaskTypeForm key={record?.id ?? 'new'} record={record} finishing={finishing} onClose={onClose} onSaved={onSaved} />
    </SidePanel>
  );
}

function TaskTypeForm({
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
  const form = useForm<PanelValues>({ defaultValues: valuesOf(record), mode: 'onChange' });
  const { control, handleSubmit, setError, formState } = form;
  const values = useWatch({ control }) as PanelValues;
  const divisions = useDivisionOptions();
  const assetTypes = useTaskTypeAssetTypes(isLlgTaskType(values.name ?? ''));
  const [saving, setSaving] = useState(false);

  const jsonOk = useMemo(() => parseJsonAs(Checklist, values.sectionsJson ?? '').ok, [values.sectionsJson]);
  const nameOk = Boolean(values.name?.trim());
  const divisionOk = Boolean(values.divisionId);
  const validityOk = wholeMonths(values.validity ?? '');
  const busy = saving || finishing;
  const bottomOk = nameOk && divisionOk && jsonOk && !busy;
  const topOk = bottomOk && validityOk;

  const submit = handleSubmit(async (v) => {
    setSaving(true);
    try {
      await saveTaskType({
        ...(record ? { id: record.id } : {}),
        name: v.name,
        acronymCode: v.acronymCode,
        divisionId: Number(v.divisionId),
        referenceStandard: v.referenceStandard,
        inspectionMethod: v.inspectionMethod,
        validity: v.validity.trim() === '' ? (undefined as unknown as number) : Number(v.validity),
        description: v.description,
        eiac: v.eiac,
        assetTypeId: v.assetTypeId ? Number(v.assetTypeId) : null,
        reportTemplate: (v.reportTemplate || null) as ReportTemplate | null,
        sectionsJson: v.sectionsJson,
      });
      alert.success(TASK_TYPE_TEXT.saved);
      form.reset(v);
      onSaved();
    } catch (error) {
      alert.saveError(errorText(error, TASK_TYPE_TEXT.saveError));
      // A message about a checklist path goes under the JSON; the others under their fields.
      for (const [field, message] of Object.entries(fieldErrors(error) ?? {})) {
        const name = (PANEL_FIELDS.has(field) ? field : 'sectionsJson') as keyof PanelValues;
        setError(name, { type: 'server', message: name === field ? message : `${field}: ${message}` });
        if (name === 'sectionsJson') setTab(1);
      }
    } finally {
      setSaving(false);
    }
  });

  const saveButton = (ok: boolean, testId: string) => (
    <Button
      variant="contained"
      disabled={!ok}
      onClick={() => void submit()}
      data-testid={testId}
      startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {SHELL.save}
    </Button>
  );

  const error = (field: keyof PanelValues) => formState.errors[field]?.message;
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
    <FormProvider {...form}>
      <TrackUnsavedChanges />
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
        <Tabs value={tab} onChange={(_, next: number) => setTab(next)} variant="scrollable" sx={{ flex: 1, minHeight: 44 }}>
          <Tab label="Details" data-testid="tab-details" sx={{ minHeight: 44 }} />
          <Tab label="Checklist" data-testid="tab-checklist" sx={{ minHeight: 44 }} />
          <Tab label="Files" disabled sx={{ minHeight: 44 }} />
        </Tabs>
        {saveButton(topOk, 'task-type-save-top')}
      </Box>

      {tab === 0 && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 900 }}>
          <Controller
            name="name"
            control={control}
            rules={{ validate: (v) => Boolean(v.trim()) || TASK_TYPE_TEXT.typeNameRequired }}
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
            rules={{ validate: (v) => Boolean(v) || TASK_TYPE_TEXT.divisionRequired }}
            render={({ field }) => (
              <OptionPicker<string>
                label="Division"
                required
                value={field.value || null}
                options={divisions.options.map((d) => ({ id: String(d.id), name: d.name }))}
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
            rules={{
              validate: (v) => (v.trim() === '' ? TASK_TYPE_TEXT.validityRequired : wholeMonths(v) || TASK_TYPE_TEXT.validityWhole),
            }}
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
            rules={{ validate: (v) => parseJsonAs(Checklist, v).ok || TASK_TYPE_TEXT.invalidJson }}
            render={({ field, fieldState }) => (
              <ChecklistEditor
                looseGear={isLlgTaskType(values.name ?? '')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                serverError={fieldState.error?.type === 'server' ? fieldState.error.message : undefined}
              />
            )}
          />
        </Box>
      )}

      <PanelFooter>
        <Button onClick={onClose}>{SHELL.cancel}</Button>
        {saveButton(bottomOk, 'task-type-save')}
      </PanelFooter>
    </FormProvider>
  );
}
