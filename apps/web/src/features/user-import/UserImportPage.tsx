import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FeatureKey, isAllowed } from '@portal/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { AuditLink } from '../../ui/AuditLink';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime } from '../../ui/format-date';
import { numberFormat } from '../../ui/intl';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { useLocalListParams } from '../../ui/list/use-local-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { useToast } from '../../ui/toast';
import { UploadDropzone } from '../../ui/UploadDropzone';
import { useImportStream } from './use-import-stream';
import {
  errorsHref,
  IMPORT_POLL_MS,
  ImportUploadError,
  isXlsxFile,
  TEMPLATE_HREF,
  uploadImport,
  XLSX_ACCEPT,
} from './user-import.documents';
import {
  type ImportacaoCamposFragment,
  ImportarSimulacaoDocument,
  ImportStatusDocument,
} from './user-import.generated';

type Importacao = ImportacaoCamposFragment;

/** The template, the upload and the dry run need both keys (design "Permissions", decision 0024). */
const UPLOAD_KEYS: FeatureKey[] = ['PORTAL_IMPORTACAO_USUARIOS', 'PORTAL_MANUTENCAO_USUARIOS'];

/** The reader's default row cap (header included), for a TOO_MANY_ROWS message without its own value. */
const DEFAULT_MAX_ROWS = 100_000;

const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;

/** SPEC §4 badges: ERROR error, PROCESSING info, RECEIVED success; FINISHED success, warning with rejected rows. */
export function statusColor(row: Pick<Importacao, 'status' | 'rejeitadas'>) {
  if (row.status === 'ERROR') return 'error';
  if (row.status === 'PROCESSING') return 'info';
  if (row.status === 'FINISHED' && row.rejeitadas > 0) return 'warning';
  return 'success';
}

/** The progress bar follows the badge only where it warns (the primary colour otherwise). */
const barColor = (row: Pick<Importacao, 'status' | 'rejeitadas'>) => {
  const color = statusColor(row);
  return color === 'error' || color === 'warning' ? color : 'primary';
};

/** A percentage with 2 decimals in the interface language ("42,50 %"; SPEC §2). */
export function formatPercent(value: number, locale: string): string {
  const number = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return `${number} %`;
}

/** The file picker and the two sends: a dry run ("Verificar") or the import itself. */
function UploadPanel({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<'check' | 'import' | null>(null);

  const onFiles = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    if (!isXlsxFile(chosen)) {
      toast.error('userImport.onlyXlsx');
      return;
    }
    setFile(chosen);
  };

  const send = async (simulacao: boolean) => {
    if (!file || sending) return;
    setSending(simulacao ? 'check' : 'import');
    try {
      await uploadImport(file, simulacao);
      toast.success('userImport.uploaded');
      setFile(null);
      onSent();
    } catch (error) {
      toast.error(error instanceof ImportUploadError && error.message ? error.message : 'userImport.uploadFailed');
    } finally {
      setSending(null);
    }
  };

  const spinner = <CircularProgress size={16} color="inherit" aria-hidden />;
  return (
    <Box component="section" aria-label={t('route.importarUsuarios')} sx={{ mb: 4 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('userImport.intro')}
      </Typography>
      <UploadDropzone
        onFiles={onFiles}
        label={t('userImport.dropzone')}
        hint={t('userImport.dropzoneHint')}
        multiple={false}
        disabled={Boolean(sending)}
        accept={XLSX_ACCEPT}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography role="status" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {file ? t('userImport.chosen', { name: file.name }) : ''}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            disabled={!file || Boolean(sending)}
            onClick={() => void send(true)}
            startIcon={sending === 'check' ? spinner : undefined}
          >
            {t('userImport.check')}
          </Button>
          <Button
            variant="contained"
            disabled={!file || Boolean(sending)}
            onClick={() => void send(false)}
            startIcon={sending === 'import' ? spinner : undefined}
          >
            {t('userImport.import')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * /importarUsuarios (issue 15, SPEC §2): the template, the upload (dry run or import) for a user who may
 * create users, and the signed-in user's imports with their live progress (SSE, plus the 30 s poll of SPEC §9).
 */
export function UserImportPage() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const subject = { tipo: user.tipo.id, chaves: user.funcionalidades.map((f) => f.chave) };
  const canUpload = UPLOAD_KEYS.every((key) => isAllowed(subject, { keys: [key] }));
  const list = useLocalListParams();
  const { data, previousData, loading, error, refetch } = useQuery(ImportStatusDocument, {
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'network-only',
    pollInterval: IMPORT_POLL_MS,
  });
  const [importar] = useMutation(ImportarSimulacaoDocument);
  const [target, setTarget] = useState<Importacao | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const reload = useCallback(() => void refetch().catch(() => {}), [refetch]);
  useImportStream(reload);

  const locale = i18n.language;
  const count = (n: number) => numberFormat(locale).format(n);
  const all = (data ?? previousData)?.importStatus;
  const { page, rowsPerPage } = list.query;
  const rows = all?.slice(page * rowsPerPage, (page + 1) * rowsPerPage);

  const fileError = (key: string) => t(key, { max: count(DEFAULT_MAX_ROWS) });
  const number = (id: keyof Importacao & string, field: (r: Importacao) => number, hideOnMobile = true) =>
    ({
      id,
      label: t(`userImport.col.${id}`),
      align: 'right',
      hideOnMobile,
      render: (r: Importacao) => count(field(r)),
    }) satisfies Column<Importacao>;

  const columns: Column<Importacao>[] = [
    {
      id: 'fileName',
      label: t('userImport.col.fileName'),
      render: (r) => (
        <Box sx={{ maxWidth: 260, minWidth: 96, overflowWrap: 'break-word' }}>
          {r.fileName}
          {r.simulacao && (
            <Chip
              size="small"
              variant="outlined"
              label={t('userImport.dryRun')}
              sx={{ ml: 1, verticalAlign: 'middle' }}
            />
          )}
        </Box>
      ),
    },
    {
      id: 'progress',
      label: t('userImport.col.progress'),
      render: (r) => (
        <Box sx={{ minWidth: 96 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {formatPercent(r.progress, locale)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.max(0, Math.min(100, r.progress))}
            aria-label={t('userImport.progressOf', { name: r.fileName })}
            color={barColor(r)}
          />
        </Box>
      ),
    },
    number('total', (r) => r.total),
    number('done', (r) => r.done),
    number('criados', (r) => r.criados),
    number('atualizados', (r) => r.atualizados),
    number('semAlteracao', (r) => r.semAlteracao),
    number('rejeitadas', (r) => r.rejeitadas),
    {
      id: 'status',
      label: t('userImport.col.status'),
      render: (r) => (
        <Box sx={{ minWidth: { sm: 120 }, maxWidth: 220 }}>
          {/* The colour is the border, the text the body colour: white on the palette's orange or blue fails 4.5:1. */}
          <Chip
            size="small"
            variant="outlined"
            color={statusColor(r)}
            label={t(`userImport.status.${r.status}`)}
            sx={{ color: 'text.primary', borderWidth: 2, borderColor: `${statusColor(r)}.main`, fontWeight: 500 }}
          />
          {r.status === 'ERROR' && r.erro && (
            <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
              {r.erroMensagem ?? fileError(r.erro)}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'date',
      label: t('userImport.col.date'),
      hideOnMobile: true,
      render: (r) => formatDateTime(r.createdDateTime, locale),
    },
  ];

  const rowActions = (r: Importacao) => (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      <AuditLink size="small" entidade="importacao_usuarios" id={r.id} name={r.fileName} />
      {r.rejeitadas > 0 && (
        <Button
          size="small"
          component="a"
          href={errorsHref(r.id)}
          download
          aria-label={t('userImport.downloadErrorsOf', { name: r.fileName })}
        >
          {t('userImport.downloadErrors')}
        </Button>
      )}
      {canUpload && r.simulacao && r.status === 'FINISHED' && (
        <Button
          size="small"
          onClick={() => {
            setTarget(r);
            setConfirmOpen(true);
          }}
          aria-label={t('userImport.importThisOf', { name: r.fileName })}
        >
          {t('userImport.importThis')}
        </Button>
      )}
    </Stack>
  );

  return (
    <Box sx={PAGE}>
      <PageHeader
        title={t('route.importarUsuarios')}
        subtitle={t('userImport.subtitle')}
        actions={
          canUpload ? (
            <Button variant="outlined" component="a" href={TEMPLATE_HREF} download>
              {t('userImport.templateLink')}
            </Button>
          ) : undefined
        }
      />
      {canUpload ? (
        <UploadPanel onSent={reload} />
      ) : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('userImport.needsMaintenance')}
        </Alert>
      )}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('userImport.listTitle')}
      </Typography>
      <DataTable
        label={t('userImport.listTitle')}
        columns={columns}
        rows={rows}
        total={all?.length ?? 0}
        getRowId={(r) => r.id}
        list={list}
        loading={loading}
        error={error}
        errorFallback={t('userImport.loadError')}
        emptyText={t('userImport.empty')}
        searchLabel={false}
        rowActions={rowActions}
      />
      <ConfirmDialog
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={target ? t('userImport.confirmTitle', { name: target.fileName }) : undefined}
        subtitle={
          target && target.rejeitadas > 0
            ? t('userImport.confirmTextRejected', { count: target.rejeitadas })
            : t('userImport.confirmText')
        }
        confirmLabel={t('userImport.import')}
        successMessage={t('userImport.importStarted')}
        onConfirm={async () => {
          if (!target) return;
          await importar({ variables: { id: target.id } });
          reload();
        }}
      />
    </Box>
  );
}
