import { useApolloClient, useMutation } from '@apollo/client';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  type ConflitoNomeArquivo,
  checkUploadSelection,
  LIBRARY_ROOT_ID,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_REJECTION_MESSAGES,
} from '@portal/domain';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../app/shell/icons';
import { numberFormat } from '../../ui/intl';
import { useToast } from '../../ui/toast';
import { UploadDropzone } from '../../ui/UploadDropzone';
import { ARQUIVOS_COM_MESMO_NOME, LIBRARY_REFETCH, UPLOAD_ARQUIVOS } from './library.documents';
import { type ConflictAnswer, NameConflictDialog } from './NameConflictDialog';
import { TruncatedName } from './TruncatedName';
import { UploadError, uploadLibraryFile } from './upload-file';

type Status = 'pending' | 'sending' | 'success' | 'error' | 'skipped';
type Entry = {
  key: number;
  file: File;
  status: Status;
  id?: string;
  placed?: boolean;
  message?: string;
  /** What to do when the folder has a file of this name (decision 0030); asked before sending. */
  answer?: ConflitoNomeArquivo;
};
type Question = { entry: Entry; others: number; resolve: (answer: ConflictAnswer | null) => void };

const STATUS_COLOR = {
  pending: 'default',
  sending: 'info',
  success: 'success',
  error: 'error',
  skipped: 'default',
} as const;

type Props = {
  onClose: () => void;
  /** The folder the files go to; null for the root. */
  folderId: string | null;
  folderName: string;
  /** Sends one file (stopped by `signal` when the user cancels the send); replaceable in tests. */
  upload?: (file: File, signal?: AbortSignal) => Promise<string>;
};

/**
 * Upload dialog (docs/domains/library.md#uploading): a multi-file dropzone; duplicates (warning toast), files over
 * 900,000,000 bytes and files past the count limit are refused with the spec's messages. Submit sends
 * every pending file in parallel (each pending → success or error), then places the sent ones with one
 * uploadArquivos. Files already sent are not sent again on a retry. Before sending, the names already used by files
 * of the folder are asked about (replace, keep both or skip, per file or for all; decision 0030); skipped files
 * are not sent. "Cancel sending" stops the uploads under way and places nothing, and says so.
 */
export function UploadDialog({ onClose, folderId, folderName, upload = uploadLibraryFile }: Props) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [busy, setBusy] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const nextKey = useRef(0);
  const [placeFiles] = useMutation(UPLOAD_ARQUIVOS, { refetchQueries: LIBRARY_REFETCH });
  const client = useApolloClient();
  const [question, setQuestion] = useState<Question | null>(null);
  /** The send under way, which "Cancel sending" stops before anything is placed. */
  const sending = useRef<AbortController | null>(null);

  /**
   * Asks about every entry still to send whose name a file of the folder has, one at a time (or once for all);
   * returns the entries with their answers, or null when the user cancelled.
   */
  const askAboutNames = async (list: Entry[]): Promise<Entry[] | null> => {
    const open = list.filter((e) => !e.placed && e.status !== 'skipped' && !e.answer);
    if (!folderId || open.length === 0) return list;
    const { data } = await client.query({
      query: ARQUIVOS_COM_MESMO_NOME,
      variables: { idPasta: folderId, nomes: open.map((e) => e.file.name) },
      fetchPolicy: 'network-only',
    });
    const taken = new Set(data.arquivosComMesmoNome);
    const conflicts = open.filter((e) => taken.has(e.file.name));
    const answers = new Map<number, ConflitoNomeArquivo>();
    for (const [index, entry] of conflicts.entries()) {
      const answer = await new Promise<ConflictAnswer | null>((resolve) =>
        setQuestion({ entry, others: conflicts.length - index - 1, resolve }),
      );
      setQuestion(null);
      if (!answer) return null;
      for (const e of answer.forAll ? conflicts.slice(index) : [entry]) answers.set(e.key, answer.choice);
      if (answer.forAll) break;
    }
    const answered = list.map((e) => {
      const answer = answers.get(e.key);
      if (!answer) return e;
      return answer === 'IGNORAR' ? { ...e, answer, status: 'skipped' as const } : { ...e, answer };
    });
    setEntries(answered);
    return answered;
  };

  const addFiles = (files: File[]) => {
    const { accepted, rejected } = checkUploadSelection(
      entries.map((e) => e.file),
      files,
    );
    for (const { file, reason } of rejected) {
      const message = `${t(UPLOAD_REJECTION_MESSAGES[reason])} ${file.name}`;
      if (reason === 'duplicate') toast.warning(message);
      else toast.error(message);
    }
    if (accepted.length === 0) return;
    setEntries((list) => [
      ...list,
      ...accepted.map((file) => ({ key: nextKey.current++, file, status: 'pending' as const })),
    ]);
  };

  const update = (key: number, patch: Partial<Entry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));

  const submit = async () => {
    setBusy(true);
    let current: Entry[] | null;
    try {
      current = await askAboutNames(entries);
    } catch (error) {
      toast.error(error);
      current = null;
    }
    if (!current) {
      setBusy(false);
      return;
    }
    setAttempted(true);
    const controller = new AbortController();
    sending.current = controller;
    const toSend = current.filter((e) => e.status !== 'success' && e.status !== 'skipped');
    const sent = await Promise.all(
      toSend.map(async (entry) => {
        update(entry.key, { status: 'sending', message: undefined });
        try {
          const id = await upload(entry.file, controller.signal);
          update(entry.key, { status: 'success', id });
          return { ...entry, id };
        } catch (error) {
          if (controller.signal.aborted) {
            update(entry.key, { status: 'pending' });
            return null;
          }
          const message = error instanceof UploadError && error.message ? error.message : t('library.upload.loadError');
          update(entry.key, { status: 'error', message });
          return null;
        }
      }),
    );
    sending.current = null;
    // Cancelled while sending: nothing is placed (what was sent stays ready for another try), and the user is told.
    if (controller.signal.aborted) {
      toast.info('library.upload.cancelled');
      setBusy(false);
      return;
    }
    const ready = [
      ...current.filter((e) => e.status === 'success' && !e.placed),
      ...sent.filter((e): e is Entry & { id: string } => e !== null),
    ];
    try {
      if (ready.length > 0)
        await placeFiles({
          variables: {
            arquivos: ready.map((e) => ({
              idArquivo: e.id as string,
              nome: e.file.name,
              idPastaPai: folderId ?? LIBRARY_ROOT_ID,
              ...(e.answer ? { seExistir: e.answer } : {}),
            })),
          },
        });
      for (const e of ready) update(e.key, { placed: true });
      if (sent.every((e) => e !== null)) {
        if (ready.length > 0) toast.success('library.upload.done');
        onClose();
      }
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const sizeText = numberFormat(i18n.language, { style: 'unit', unit: 'megabyte' }).format(
    UPLOAD_MAX_BYTES / 1_000_000,
  );
  const unplaced = entries.filter((e) => !e.placed && e.status !== 'skipped');
  const placed = entries.filter((e) => e.placed);
  const refused = entries.filter((e) => e.status === 'error');
  // After a partly failed send: what went in, what did not and why, and Close instead of Cancel.
  const summary = attempted && !busy && refused.length > 0;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('library.upload.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('library.upload.destination', { nome: folderName })}
        </Typography>
        <UploadDropzone
          onFiles={addFiles}
          disabled={busy}
          label={t('library.upload.dropzone')}
          hint={t('library.upload.hint', { max: UPLOAD_MAX_FILES, tamanho: sizeText })}
        />
        {summary && (
          <Alert severity="warning" role="status" sx={{ mt: 2 }}>
            <AlertTitle>{t('library.upload.summaryTitle')}</AlertTitle>
            <Typography variant="body2">{t('library.upload.summarySent', { count: placed.length })}</Typography>
            <Typography variant="body2">{t('library.upload.summaryRefused', { count: refused.length })}</Typography>
            <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
              {refused.map((e) => (
                <li key={e.key}>
                  <Typography variant="body2">
                    <TruncatedName name={e.file.name} /> — {e.message}
                  </Typography>
                </li>
              ))}
            </Box>
            <Typography variant="body2">{t('library.upload.summaryNotPlaced')}</Typography>
          </Alert>
        )}
        {entries.length > 0 && (
          <List dense aria-label={t('library.upload.files')}>
            {entries.map((entry) => (
              <ListItem
                key={entry.key}
                secondaryAction={
                  entry.status !== 'success' && !busy ? (
                    <IconButton
                      edge="end"
                      aria-label={t('library.upload.remove', { nome: entry.file.name })}
                      onClick={() => setEntries((list) => list.filter((e) => e.key !== entry.key))}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  ) : undefined
                }
              >
                <ListItemText
                  primary={<TruncatedName name={entry.file.name} />}
                  secondary={entry.message}
                  slotProps={{ secondary: { color: 'error' } }}
                />
                <Chip
                  size="small"
                  sx={{ mr: 1 }}
                  color={STATUS_COLOR[entry.status]}
                  label={t(`library.upload.${entry.status}`)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {busy ? (
          <Button onClick={() => sending.current?.abort()} disabled={!sending.current}>
            {t('library.upload.cancelSending')}
          </Button>
        ) : (
          <Button onClick={onClose}>{placed.length > 0 ? t('common.close') : t('library.cancel')}</Button>
        )}
        <Button variant="contained" onClick={() => void submit()} disabled={busy || unplaced.length === 0}>
          {t('library.upload.submit')}
        </Button>
      </DialogActions>
      {question && (
        <NameConflictDialog
          name={question.entry.file.name}
          folderName={folderName}
          others={question.others}
          onAnswer={question.resolve}
          onCancel={() => question.resolve(null)}
        />
      )}
    </Dialog>
  );
}
