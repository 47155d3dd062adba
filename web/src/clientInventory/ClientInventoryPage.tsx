import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import FileDownload from '@mui/icons-material/FileDownload';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  INVENTORY_LABELS,
  INVENTORY_TEMPLATE_FILE,
  INVENTORY_TEXT,
  type InventoryField,
  type InventoryRow,
  inventoryCanImport,
  isClientRole,
  readQuantity,
  readTonne,
} from '@portal/contracts';
import { HttpError } from '../api/http';
import { uploadFiles } from '../api/upload';
import { useFileExport } from '../api/useFileExport';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ListScreen, type ListScreenData, type RowActionSpec, SearchBox } from '../common/list';
import { useLocalList } from '../common/list/useLocalList';
import { OptionPicker } from '../common/OptionPicker';
import { useClientOptions, useSiteOptions } from '../common/options';
import type { ScreenProps } from '../common/screen';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { deleteInventoryRow, fetchInventory, saveInventory, uploadUrl } from './api';
import { type Draft, DraftContext, draftOf, inventoryColumns } from './columns';
import { ImportProblemsDialog } from './ImportProblemsDialog';
import { EMPTY_SEARCH, type InventorySearch, searchInventory } from './search';

const ADDED_ORDER = { field: '', order: 'ASC' } as const;
const SEARCH_WIDTHS: Record<InventoryField, number> = {
  productCategory: 170,
  description: 170,
  quantity: 135,
  tonne: 120,
  manufacturer: 150,
  location: 140,
  comments: 150,
};

/**
 * Technical Library > Client Inventory (administration document 2, 4, 5, 7, 8): a client, then
 * one of its sites (both mandatory; the site disabled until a client is chosen; a new site
 * reloads), the site's rows with a search box per column (text contains in any case, quantity
 * and tonne exact), inline edit with Save and Cancel (Cancel reloads), delete after 'Are you
 * sure want to delete ?', Download Template, Custom Upload of a CSV (refused whole with every
 * bad line) and Export to Excel (disabled without rows). Client roles see their company only;
 * the rows' `can` flags (the server's) decide Edit and Delete.
 */
export default function ClientInventoryPage({ title, crumbs }: ScreenProps) {
  const { user, role } = useSession();
  const clientRole = isClientRole(role);
  const canImport = inventoryCanImport(role);
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [clientId, setClientId] = useState<number | null>(clientRole ? (user.companyId ?? null) : null);
  const [siteId, setSiteId] = useState<number | null>(null);
  const [search, setSearch] = useState<InventorySearch>(EMPTY_SEARCH);
  const [editing, setEditing] = useState<{ id: number; draft: Draft } | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<InventoryRow | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [problems, setProblems] = useState<{ error: string; lines: [string, string][] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const clients = useClientOptions();
  const sites = useSiteOptions(clientId);
  useLoadErrorAlert(clients.error, INVENTORY_TEXT.loadClientsError);
  useLoadErrorAlert(sites.error, INVENTORY_TEXT.loadSitesError);
  const clientOptions = useMemo(
    () => clients.options.filter((c) => !clientRole || c.id === user.companyId),
    [clients.options, clientRole, user.companyId],
  );

  const chosen = clientId !== null && siteId !== null;
  const key = useMemo(() => ['clientInventory', clientId, siteId] as const, [clientId, siteId]);
  const rows = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchInventory(clientId as number, siteId as number, signal),
    enabled: chosen,
  });
  useLoadErrorAlert(rows.error, INVENTORY_TEXT.loadError);
  const all = useMemo(() => (chosen ? (rows.data ?? []) : []), [chosen, rows.data]);
  const shown = useMemo(() => searchInventory(all, search), [all, search]);
  const listContext = useLocalList<InventoryRow>({
    data: shown,
    sort: ADDED_ORDER,
    isPending: chosen && rows.isPending,
    isFetching: rows.isFetching,
    isLoading: rows.isLoading,
    error: rows.error,
    resource: 'clientInventory',
  });
  const reload = useCallback(() => {
    setEditing(null);
    void rows.refetch();
  }, [rows]);
  const list: ListScreenData<InventoryRow> = {
    listContext,
    rows: shown,
    total: shown.length,
    hasMore: false,
    loading: rows.isFetching,
    loadingMore: false,
    loadMore: () => undefined,
    reload,
  };

  const exportQuery = useMemo(
    () => (chosen ? { clientId: clientId as number, siteId: siteId as number } : null),
    [chosen, clientId, siteId],
  );
  const excel = useFileExport('/clientInventory/export', exportQuery, 'Client_Inventory.xlsx', INVENTORY_TEXT.excelExportError);
  const template = useFileExport('/clientInventory/template', {}, INVENTORY_TEMPLATE_FILE, INVENTORY_TEXT.saveError);

  const setAnswer = useCallback((answer: InventoryRow[]) => queryClient.setQueryData(key, answer), [queryClient, key]);

  const save = useCallback(async () => {
    if (!editing || clientId === null || siteId === null || saving) return;
    const v = editing.draft.values;
    const quantity = readQuantity(v.quantity, INVENTORY_LABELS.quantity);
    const tonne = readTonne(v.tonne, INVENTORY_LABELS.tonne);
    const invalid: Draft['invalid'] = {};
    if (v.productCategory.trim() === '') invalid.productCategory = INVENTORY_TEXT.required(INVENTORY_LABELS.productCategory);
    if ('reason' in quantity) invalid.quantity = quantity.reason;
    if ('reason' in tonne) invalid.tonne = tonne.reason;
    if (Object.keys(invalid).length > 0 || 'reason' in quantity || 'reason' in tonne) {
      setEditing({ ...editing, draft: { ...editing.draft, invalid } });
      alert.saveError(Object.values(invalid).join('. '));
      return;
    }
    setSaving(true);
    try {
      const answer = await saveInventory([
        {
          id: editing.id,
          productCategory: v.productCategory,
          description: v.description,
          quantity: quantity.value,
          tonne: tonne.value,
          manufacturer: v.manufacturer,
          location: v.location,
          comments: v.comments,
          clientId,
          siteId,
        },
      ]);
      setAnswer(answer);
      setEditing(null);
      alert.success(INVENTORY_TEXT.saved);
    } catch (error) {
      alert.saveError(error instanceof HttpError && error.status === 400 ? error.message : INVENTORY_TEXT.saveError);
    } finally {
      setSaving(false);
    }
  }, [editing, clientId, siteId, saving, alert, setAnswer]);

  const draftValue = useMemo(
    () => ({
      draft: editing?.draft ?? null,
      set: (field: InventoryField, value: string) =>
        setEditing((current) =>
          current
            ? {
                ...current,
                draft: { values: { ...current.draft.values, [field]: value }, invalid: { ...current.draft.invalid, [field]: undefined } },
              }
            : current,
        ),
      submit: () => void save(),
    }),
    [editing, save],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      setAnswer(await deleteInventoryRow(deleting.id));
      alert.success(INVENTORY_TEXT.deleted);
      setDeleting(null);
    } catch {
      alert.saveError(INVENTORY_TEXT.deleteError);
    } finally {
      setDeleteBusy(false);
    }
  };

  const upload = async (file: File) => {
    if (clientId === null || siteId === null) return;
    setUploading(true);
    try {
      const imported = await uploadFiles<number>({
        url: uploadUrl(clientId, siteId),
        files: [['file', file]],
        accept: (body) => (typeof body.imported === 'number' ? body.imported : undefined),
        failText: () => INVENTORY_TEXT.saveError,
      });
      alert.success(INVENTORY_TEXT.imported(imported), 3000);
      reload();
    } catch (error) {
      if (error instanceof HttpError && (error.status === 400 || error.status === 413)) {
        const lines = Object.entries(error.fields ?? {}).sort((a, b) => Number(a[0]) - Number(b[0]));
        setProblems({ error: error.message, lines });
      } else alert.saveError(INVENTORY_TEXT.saveError);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const editingId = editing?.id ?? null;
  const columns = useMemo(() => inventoryColumns(editingId), [editingId]);
  const rowActions = useCallback(
    (row: InventoryRow): RowActionSpec[] => {
      if (row.id === editingId)
        return [
          {
            key: 'save',
            label: INVENTORY_TEXT.save,
            icon: saving ? <CircularProgress size={16} /> : <Check />,
            color: 'primary',
            onClick: () => void save(),
          },
          { key: 'cancel', label: INVENTORY_TEXT.cancel, icon: <Close />, onClick: reload },
        ];
      const actions: RowActionSpec[] = [];
      if (row.can.edit)
        actions.push({
          key: 'edit',
          label: INVENTORY_TEXT.edit,
          icon: <Edit />,
          onClick: () => setEditing({ id: row.id, draft: draftOf(row) }),
        });
      if (row.can.delete)
        actions.push({ key: 'delete', label: INVENTORY_TEXT.delete, icon: <Delete />, color: 'error', onClick: () => setDeleting(row) });
      return actions;
    },
    [editingId, saving, save, reload],
  );

  const setField = (field: InventoryField) => (value: string) => setSearch((current) => ({ ...current, [field]: value }));
  const countText =
    chosen && rows.data ? <span data-testid="inventory-count">{INVENTORY_TEXT.rowsShown(shown.length, all.length)}</span> : '';

  return (
    <DraftContext.Provider value={draftValue}>
      <ListScreen
        resource="clientInventory"
        title={title}
        crumbs={crumbs}
        list={list}
        columns={columns}
        rowActions={chosen ? rowActions : undefined}
        rowTestId="inventory-row"
        tableTestId="inventory-grid"
        windowed
        empty={<span data-testid="inventory-none">{all.length > 0 ? INVENTORY_TEXT.noMatch : INVENTORY_TEXT.noRows}</span>}
        countText={countText}
        footer={<span />}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {canImport && (
              <>
                <Button
                  variant="outlined"
                  startIcon={<FileDownload />}
                  onClick={template.run}
                  disabled={template.exporting}
                  data-testid="download-template"
                >
                  {INVENTORY_TEXT.downloadTemplate}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={uploading ? <CircularProgress size={16} /> : <UploadFile />}
                  onClick={() => fileInput.current?.click()}
                  disabled={!chosen || uploading}
                  data-testid="custom-upload"
                >
                  {uploading ? INVENTORY_TEXT.uploading : INVENTORY_TEXT.customUpload}
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  aria-label={INVENTORY_TEXT.customUpload}
                  data-testid="custom-upload-input"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) void upload(file);
                  }}
                />
              </>
            )}
            <Button
              variant="outlined"
              startIcon={excel.exporting ? <CircularProgress size={16} /> : <FileDownload />}
              onClick={excel.run}
              disabled={!chosen || all.length === 0 || excel.exporting}
              data-testid="export-excel"
            >
              {INVENTORY_TEXT.exportExcel}
            </Button>
          </Box>
        }
        filters={
          <>
            <Box sx={{ width: { xs: '100%', sm: 240 } }}>
              <OptionPicker
                label={INVENTORY_TEXT.client}
                value={clientId}
                options={clientOptions}
                onChange={(next) => {
                  setClientId(next);
                  setSiteId(null);
                  setEditing(null);
                }}
                required
                disabled={clientRole}
                loading={clients.loading}
                emptyLabel={null}
                testId="inventory-client"
              />
            </Box>
            <Box sx={{ width: { xs: '100%', sm: 220 } }}>
              <OptionPicker
                label={INVENTORY_TEXT.site}
                value={siteId}
                options={sites.options}
                onChange={(next) => {
                  setSiteId(next);
                  setEditing(null);
                }}
                required
                disabled={clientId === null}
                loading={sites.loading}
                emptyLabel={null}
                testId="inventory-site"
              />
            </Box>
            {chosen &&
              (Object.keys(SEARCH_WIDTHS) as InventoryField[]).map((field) => (
                <SearchBox
                  key={field}
                  label={INVENTORY_TEXT.searchBy(INVENTORY_LABELS[field])}
                  value={search[field]}
                  onChange={setField(field)}
                  width={SEARCH_WIDTHS[field]}
                />
              ))}
          </>
        }
        body={
          chosen ? undefined : (
            <Typography color="text.secondary" data-testid="inventory-choose" sx={{ p: 3 }}>
              {clientId === null ? INVENTORY_TEXT.pickClientSite : INVENTORY_TEXT.pickSite}
            </Typography>
          )
        }
      >
        <ConfirmDialog
          open={Boolean(deleting)}
          title={INVENTORY_TEXT.delete}
          content={INVENTORY_TEXT.deleteConfirm}
          destructive
          note={INVENTORY_TEXT.deleteNote}
          loading={deleteBusy}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting(null)}
        />
        <ImportProblemsDialog problems={problems} onClose={() => setProblems(null)} />
      </ListScreen>
    </DraftContext.Provider>
  );
}
