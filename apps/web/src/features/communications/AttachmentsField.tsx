import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { UPLOAD_MAX_BYTES, UPLOAD_REJECTION_MESSAGES } from '@portal/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../app/shell/icons';
import { useToast } from '../../ui/toast';
import { UploadDropzone } from '../../ui/UploadDropzone';
import { AttachmentUploadError, uploadAttachment } from './upload-attachment';

export type Attachment = {
  key: string;
  nome: string;
  status: 'sending' | 'done' | 'error';
  /** The stored file's id, once sent. */
  id?: string;
  message?: string;
};

type Props = {
  value: Attachment[];
  onChange: (update: (list: Attachment[]) => Attachment[]) => void;
  disabled?: boolean;
  /** Sends one file; replaceable in tests. */
  upload?: (file: File) => Promise<string>;
};

/** Attachments (issue 5 point 2): each dropped file goes at once to POST /api/upload, one request per file. */
export function AttachmentsField({ value, onChange, disabled, upload = uploadAttachment }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const seq = useRef(0);

  const add = (files: File[]) => {
    for (const file of files) {
      if (value.some((a) => a.nome === file.name && a.status !== 'error')) {
        toast.warning(`${t(UPLOAD_REJECTION_MESSAGES.duplicate)} ${file.name}`);
        continue;
      }
      if (file.size > UPLOAD_MAX_BYTES) {
        toast.error(`${t(UPLOAD_REJECTION_MESSAGES.tooLarge)} ${file.name}`);
        continue;
      }
      seq.current += 1;
      const key = `new-${seq.current}`;
      onChange((list) => [...list, { key, nome: file.name, status: 'sending' }]);
      upload(file)
        .then((id) => onChange((list) => list.map((a) => (a.key === key ? { ...a, id, status: 'done' } : a))))
        .catch((error: unknown) => {
          const message = error instanceof AttachmentUploadError && error.message ? error.message : undefined;
          onChange((list) =>
            list.map((a) =>
              a.key === key
                ? {
                    ...a,
                    status: 'error',
                    message: message ?? t('communicationsUi.form.uploadError', { nome: file.name }),
                  }
                : a,
            ),
          );
        });
    }
  };

  return (
    <div>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('communicationsUi.form.attachments')}
      </Typography>
      <UploadDropzone onFiles={add} disabled={disabled} label={t('communicationsUi.form.dropzone')} />
      {value.length > 0 && (
        <List dense aria-label={t('communicationsUi.form.attachments')}>
          {value.map((a) => (
            <ListItem
              key={a.key}
              secondaryAction={
                a.status !== 'sending' && (
                  <IconButton
                    edge="end"
                    aria-label={t('communicationsUi.form.removeAttachment', { nome: a.nome })}
                    disabled={disabled}
                    onClick={() => onChange((list) => list.filter((x) => x.key !== a.key))}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={a.nome}
                secondary={a.message}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { color: 'error' } }}
              />
              {a.status !== 'done' && (
                <Chip
                  size="small"
                  sx={{ mr: 1 }}
                  color={a.status === 'error' ? 'error' : 'info'}
                  label={a.status === 'error' ? t('library.upload.error') : t('library.upload.sending')}
                />
              )}
            </ListItem>
          ))}
        </List>
      )}
    </div>
  );
}
