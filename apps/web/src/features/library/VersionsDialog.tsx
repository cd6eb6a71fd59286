import { useApolloClient, useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { canManageLibrary, LIST_PAGE_SIZES, UPLOAD_MAX_BYTES } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { formatDateTime } from '../../ui/format-date';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { useLocalListParams } from '../../ui/list/use-local-list-params';
import { useToast } from '../../ui/toast';
import { UploadDropzone } from '../../ui/UploadDropzone';
import { ViewDialog } from '../../ui/ViewDialog';
import { formatSize } from './item-kind';
import {
  GERAR_LINK_DOWNLOAD_VERSAO,
  type ItemBiblioteca,
  LIBRARY_REFETCH,
  RESTAURAR_VERSAO_ITEM_BIBLIOTECA,
  SUBSTITUIR_ARQUIVO_BIBLIOTECA,
  VERSOES_ITEM_BIBLIOTECA,
  type VersaoItem,
} from './library.documents';
import { UploadError, uploadLibraryFile } from './upload-file';
import { openDownload } from './use-download';

/**
 * The versions panel of a file (docs/domains/library.md#versions): every version, newest first, with who sent it and
 * when; each downloads, and those who may write restore an earlier one as current (a new version) and, with the
 * management key, send a new version (the current content stays as an earlier one).
 */
export function VersionsDialog({ file, onClose }: { file: ItemBiblioteca; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const client = useApolloClient();
  const user = useSignedInUser();
  const canWrite = file.viewerCan.renomear;
  const canReplace = canWrite && canManageLibrary({ chaves: user.funcionalidades.map((f) => f.chave) });
  const list = useLocalListParams({ pageSizes: LIST_PAGE_SIZES });
  const { data, loading, error } = useQuery(VERSOES_ITEM_BIBLIOTECA, {
    variables: { idItem: file.id },
    fetchPolicy: 'network-only',
  });
  const refetch = { refetchQueries: LIBRARY_REFETCH, awaitRefetchQueries: true };
  const [restaurar, { loading: restoring }] = useMutation(RESTAURAR_VERSAO_ITEM_BIBLIOTECA, refetch);
  const [substituir] = useMutation(SUBSTITUIR_ARQUIVO_BIBLIOTECA, refetch);
  const [sending, setSending] = useState(false);
  const versions = data?.versoesItemBiblioteca;
  const { page, rowsPerPage } = list.query;

  const download = async (v: VersaoItem) => {
    try {
      const result = await client.mutate({
        mutation: GERAR_LINK_DOWNLOAD_VERSAO,
        variables: { idItem: file.id, numero: v.numero },
      });
      if (result.data) openDownload(result.data.gerarLinkDownloadVersaoBiblioteca, file.nome);
    } catch (e) {
      toast.error(e);
    }
  };
  const restore = async (v: VersaoItem) => {
    try {
      await restaurar({ variables: { idItem: file.id, numero: v.numero } });
      toast.success(t('library.versions.restored', { numero: v.numero }));
    } catch (e) {
      toast.error(e);
    }
  };
  const replace = async (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    if (chosen.size > UPLOAD_MAX_BYTES) return toast.warning('library.upload.tooLarge');
    setSending(true);
    try {
      const idArquivo = await uploadLibraryFile(chosen);
      await substituir({ variables: { idItem: file.id, idArquivo } });
      toast.success('library.versions.replaced');
    } catch (e) {
      toast.error(e instanceof UploadError ? e.message || 'library.upload.loadError' : e);
    } finally {
      setSending(false);
    }
  };

  const columns: Column<VersaoItem>[] = [
    {
      id: 'numero',
      label: t('library.versions.version'),
      render: (v) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {t('library.versions.number', { numero: v.numero })}
          {v.atual && <Chip size="small" color="primary" label={t('library.versions.current')} />}
        </Box>
      ),
    },
    { id: 'autor', label: t('library.versions.author'), render: (v) => v.autor?.nome ?? '—' },
    {
      id: 'criadoEm',
      label: t('library.versions.date'),
      hideOnMobile: true,
      render: (v) => formatDateTime(v.criadoEm, i18n.language),
    },
    {
      id: 'tamanho',
      label: t('library.versions.size'),
      hideOnMobile: true,
      render: (v) => formatSize(v.tamanho, i18n.language),
    },
  ];

  return (
    <ViewDialog
      title={t('library.versions.title', { nome: file.nome })}
      onClose={onClose}
      maxWidth="md"
      phoneFullScreen
      dividers
    >
      {canReplace && (
        <Box sx={{ mb: 2 }}>
          <UploadDropzone
            label={t('library.versions.dropzone')}
            hint={t('library.versions.hint')}
            multiple={false}
            disabled={sending}
            onFiles={(files) => void replace(files)}
          />
          {sending && (
            <Box role="status" sx={{ mt: 1 }}>
              <Typography variant="body2">{t('library.versions.sending')}</Typography>
              <LinearProgress aria-label={t('library.versions.sending')} />
            </Box>
          )}
        </Box>
      )}
      <DataTable
        label={t('library.versions.title', { nome: file.nome })}
        columns={columns}
        rows={versions?.slice(page * rowsPerPage, (page + 1) * rowsPerPage)}
        total={versions?.length ?? 0}
        getRowId={(v) => String(v.numero)}
        list={list}
        loading={loading}
        error={error}
        emptyText={t('library.versions.empty')}
        errorFallback={t('library.versions.loadError')}
        searchLabel={false}
        rowActions={(v) => (
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button
              size="small"
              aria-label={t('library.versions.downloadNamed', { numero: v.numero })}
              onClick={() => void download(v)}
            >
              {t('library.actions.download')}
            </Button>
            {canWrite && !v.atual && (
              <Button
                size="small"
                disabled={restoring}
                aria-label={t('library.versions.restoreNamed', { numero: v.numero })}
                onClick={() => void restore(v)}
              >
                {t('library.versions.restore')}
              </Button>
            )}
          </Box>
        )}
      />
    </ViewDialog>
  );
}
