import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  isClientRole,
  LIBRARY_KINDS,
  LIBRARY_TEXT,
  type LibraryEntry,
  type LibraryKind,
  libraryCan,
  libraryNeedsSite,
} from '@portal/contracts';
import { get } from '../api/http';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { SearchBox, SidePanel } from '../common/list';
import { OptionPicker } from '../common/OptionPicker';
import { useClientOptions, useSiteOptions } from '../common/options';
import { PageHeader } from '../common/PageHeader';
import { specPause } from '../common/pauses';
import type { ScreenProps } from '../common/screen';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';
import { errorText } from '../common/adminFlow';
import { useSession } from '../session/SessionContext';
import { deleteEntity, saveEntity, uploadLibraryFiles, useFiles, useFolders, useReloadLibrary } from './api';
import { FileGrid } from './FileGrid';
import { FolderList } from './FolderList';
import { NameForm, UploadForm } from './panels';

type Panel =
  | { kind: 'addFolder' }
  | { kind: 'editFolder'; folder: LibraryEntry }
  | { kind: 'editFile'; file: LibraryEntry }
  | { kind: 'upload'; folder: LibraryEntry };

/** The library of the address: the third path segment (DECISIONS 10), one of the fixed three. */
export function libraryOfPath(pathname: string): LibraryKind {
  const third = pathname.split('/').filter(Boolean)[2];
  return (LIBRARY_KINDS as readonly string[]).includes(third) ? (third as LibraryKind) : 'technical';
}

const byLabel = <T extends { name: string }>(options: T[]) =>
  [...options].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
const contains = (name: string, search: string) => name.toLowerCase().includes(search.trim().toLowerCase());

/**
 * The technical libraries (administration document "Technical libraries"): product technical
 * information, the pictorial library and the report library on one screen, chosen by the path.
 * Folders on the left (search, Add folder, a menu per folder), the picked folder's files three
 * per row on the right (search, previews, Edit and Delete), the side panel for names and
 * uploads, the 'Confirm' dialog for deletes; after a save a 2 s alert, then the lists reload.
 */
export default function LibraryPage({ title, crumbs }: ScreenProps) {
  const library = libraryOfPath(useLocation().pathname);
  const { user, role } = useSession();
  const clientRole = isClientRole(role);
  const rights = libraryCan(role);
  const needsSite = libraryNeedsSite(library);
  const [clientId, setClientId] = useState<number | null>(clientRole ? user.companyId : null);
  const [siteId, setSiteId] = useState<number | null>(null);
  const [folderSearch, setFolderSearch] = useState('');
  const [fileSearch, setFileSearch] = useState('');
  const [folderId, setFolderId] = useState<number | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [confirm, setConfirm] = useState<LibraryEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const alert = useAlert();
  const reload = useReloadLibrary();

  const clients = useClientOptions(needsSite);
  const sites = useSiteOptions(needsSite ? clientId : null);
  useLoadErrorAlert(clients.error, 'Error while loading client locations');
  useLoadErrorAlert(sites.error, 'Error while loading site locations');
  const clientOptions = useMemo(
    () => byLabel(clients.options.filter((c) => !clientRole || c.id === user.companyId)),
    [clients.options, clientRole, user.companyId],
  );
  const siteOptions = useMemo(() => byLabel(sites.options), [sites.options]);

  const ready = !needsSite || (clientId !== null && siteId !== null);
  const folders = useFolders(library, needsSite ? clientId : null, needsSite ? siteId : null, ready);
  useLoadErrorAlert(folders.error, LIBRARY_TEXT.loadFoldersError);
  const folderList = folders.data ?? [];
  const folder = folderList.find((f) => f.id === folderId) ?? null;
  const files = useFiles(folder ? folder.id : null);
  useLoadErrorAlert(files.error, LIBRARY_TEXT.loadFilesError);
  const fileList = files.data ?? [];
  const llg = useQuery({
    queryKey: ['options', '/Setting/llgAsset'],
    queryFn: () => get<{ id: number; label: string }[]>('/Setting/llgAsset'),
    enabled: library === 'technical' && rights.edit,
    staleTime: 60_000,
  });
  useLoadErrorAlert(llg.error, LIBRARY_TEXT.loadLibraryError);
  const freeLlg = useMemo(() => {
    const taken = new Set(folderList.map((f) => f.name.trim().toLowerCase()));
    return (llg.data ?? []).map((t) => t.label.trim()).filter((label) => !taken.has(label.toLowerCase()));
  }, [llg.data, folderList]);

  const shownFolders = folderList.filter((f) => contains(f.name, folderSearch));
  const shownFiles = useMemo(() => fileList.filter((f) => contains(f.name, fileSearch)), [fileList, fileSearch]);

  const close = useCallback(() => {
    setPanel(null);
    setDone(false);
  }, []);
  /** The spec's rhythm: the alert, then after 2 s the panel closes and the lists reload. */
  const savedThen = (text: string) => {
    alert.success(text);
    setDone(true);
    setTimeout(() => {
      close();
      reload();
    }, specPause(2000));
  };

  const saveName = async (name: string) => {
    if (!panel) return;
    setBusy(true);
    try {
      if (panel.kind === 'addFolder') {
        const made = await saveEntity({
          name,
          entityType: 'FOLDER',
          library,
          tenantId: 2,
          ...(needsSite ? { clientId, siteId } : {}),
        });
        setFolderId(made.id);
        savedThen(LIBRARY_TEXT.folderSaved);
      } else if (panel.kind === 'editFolder') {
        await saveEntity({ id: panel.folder.id, name, entityType: 'FOLDER', tenantId: 2 });
        savedThen(LIBRARY_TEXT.folderSaved);
      } else if (panel.kind === 'editFile') {
        await saveEntity({ id: panel.file.id, name, entityType: 'FILE', tenantId: 2 });
        savedThen(LIBRARY_TEXT.fileSaved);
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      await deleteEntity(confirm.id);
      if (confirm.id === folderId) setFolderId(null);
      setConfirm(null);
      alert.success(LIBRARY_TEXT.deleted);
      reload();
    } catch (error) {
      alert.saveError(errorText(error, LIBRARY_TEXT.deleteError));
    } finally {
      setBusy(false);
    }
  };

  const editFile = useCallback((file: LibraryEntry) => setPanel({ kind: 'editFile', file }), []);
  const deleteFile = useCallback((file: LibraryEntry) => setConfirm(file), []);

  const panelTitle =
    panel?.kind === 'addFolder'
      ? LIBRARY_TEXT.addFolder
      : panel?.kind === 'editFolder'
        ? LIBRARY_TEXT.editFolder
        : panel?.kind === 'editFile'
          ? LIBRARY_TEXT.edit
          : LIBRARY_TEXT.addFiles;

  return (
    <Box data-testid="library-page" data-library={library}>
      <PageHeader crumbs={crumbs} title={title} />
      {needsSite && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Box sx={{ width: { xs: '100%', sm: 260 } }}>
            <OptionPicker
              label={LIBRARY_TEXT.client}
              value={clientId}
              options={clientOptions}
              onChange={(value) => {
                setClientId(value);
                setSiteId(null);
                setFolderId(null);
              }}
              required
              disabled={clientRole}
              loading={clients.loading}
              emptyLabel={null}
              testId="library-client"
            />
          </Box>
          <Box sx={{ width: { xs: '100%', sm: 260 } }}>
            <OptionPicker
              label={LIBRARY_TEXT.site}
              value={siteId}
              options={siteOptions}
              onChange={(value) => {
                setSiteId(value);
                setFolderId(null);
              }}
              required
              disabled={!clientId}
              loading={sites.loading}
              emptyLabel={null}
              testId="library-site"
            />
          </Box>
        </Box>
      )}
      {!ready ? (
        <Card variant="outlined" sx={{ p: 3 }}>
          <Typography color="text.secondary" data-testid="library-choose">
            {clientId ? LIBRARY_TEXT.pickSite : LIBRARY_TEXT.pickClientSite}
          </Typography>
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '250px 1fr', lg: '300px 1fr' }, alignItems: 'start' }}>
          <FolderList
            loading={folders.isLoading}
            folders={shownFolders}
            total={folderList.length}
            selectedId={folderId}
            search={folderSearch}
            onSearch={setFolderSearch}
            onAddFolder={rights.edit ? () => setPanel({ kind: 'addFolder' }) : undefined}
            onPick={(f) => {
              setFolderId(f.id);
              setFileSearch('');
            }}
            onEdit={(f) => setPanel({ kind: 'editFolder', folder: f })}
            onDelete={(f) => setConfirm(f)}
            onUpload={(f) => {
              setFolderId(f.id);
              setPanel({ kind: 'upload', folder: f });
            }}
          />
          <Card
            variant="outlined"
            component="section"
            aria-label={folder?.name ?? 'Files'}
            sx={{ minHeight: 240 }}
            data-testid="library-files"
          >
            {!folder ? (
              <Typography color="text.secondary" sx={{ p: 3 }} data-testid="library-pick-folder">
                {LIBRARY_TEXT.pickFolder}
              </Typography>
            ) : (
              <>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1, minWidth: 160 }} noWrap>
                    {folder.name}
                  </Typography>
                  <SearchBox
                    label={LIBRARY_TEXT.searchFiles}
                    value={fileSearch}
                    onChange={setFileSearch}
                    width={220}
                    delay={150}
                    disabled={fileList.length === 0}
                  />
                  {rights.upload && (
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => setPanel({ kind: 'upload', folder })}
                      data-testid="library-add-files"
                    >
                      {LIBRARY_TEXT.addFiles}
                    </Button>
                  )}
                </Box>
                {files.isLoading ? (
                  <Box sx={{ p: 3, textAlign: 'center' }}>
                    <CircularProgress size={24} aria-label="Loading files" />
                  </Box>
                ) : shownFiles.length === 0 ? (
                  <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="library-no-files">
                    {fileList.length === 0 ? LIBRARY_TEXT.noFiles : LIBRARY_TEXT.noFileMatch}
                  </Typography>
                ) : (
                  <FileGrid files={shownFiles} onEdit={editFile} onDelete={deleteFile} />
                )}
              </>
            )}
          </Card>
        </Box>
      )}
      <SidePanel open={panel !== null} title={panelTitle} onClose={close} width={440}>
        {panel?.kind === 'upload' ? (
          <UploadForm
            library={library}
            done={done}
            onCancel={close}
            onUpload={async (chosen, onProgress, signal) => {
              const answer = await uploadLibraryFiles(panel.folder.id, chosen, onProgress, signal);
              savedThen(answer.message);
            }}
          />
        ) : panel ? (
          <NameForm
            key={panel.kind === 'editFolder' ? `f${panel.folder.id}` : panel.kind === 'editFile' ? `x${panel.file.id}` : 'new'}
            label={panel.kind === 'editFile' ? LIBRARY_TEXT.fileName : LIBRARY_TEXT.folderName}
            initial={panel.kind === 'editFolder' ? panel.folder.name : panel.kind === 'editFile' ? panel.file.name : ''}
            choices={panel.kind === 'addFolder' && library === 'technical' ? freeLlg : undefined}
            busy={busy}
            done={done}
            onSave={saveName}
            onCancel={close}
          />
        ) : null}
      </SidePanel>
      <ConfirmDialog
        open={confirm !== null}
        title={LIBRARY_TEXT.confirmTitle}
        content={
          confirm
            ? confirm.entityType === 'FOLDER'
              ? LIBRARY_TEXT.confirmDeleteFolder(confirm.name)
              : LIBRARY_TEXT.confirmDeleteFile(confirm.name)
            : ''
        }
        confirm={LIBRARY_TEXT.yes}
        cancel={LIBRARY_TEXT.cancel}
        destructive
        loading={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
