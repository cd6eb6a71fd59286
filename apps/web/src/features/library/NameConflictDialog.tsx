import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { ConflitoNomeArquivo } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceDialog } from '../../ui/ChoiceDialog';

export type ConflictAnswer = { choice: ConflitoNomeArquivo; forAll: boolean };

type Props = {
  /** The new file's name, already used by a file of the folder. */
  name: string;
  folderName: string;
  /** How many other files of this upload have a name in use (the "for all" box shows when there are some). */
  others: number;
  onAnswer: (answer: ConflictAnswer) => void;
  /** Esc or Cancel: nothing is sent. */
  onCancel: () => void;
};

const CHOICES = [
  { choice: 'SUBSTITUIR', label: 'conflictReplace', hint: 'conflictReplaceHint' },
  { choice: 'MANTER_AMBOS', label: 'conflictKeepBoth', hint: 'conflictKeepBothHint' },
  { choice: 'IGNORAR', label: 'conflictSkip', hint: 'conflictSkipHint' },
] as const;

/**
 * The question of an upload whose file name is in use in the folder (docs/decisions/0030-library-file-names.md):
 * replace (the old content becomes an earlier version), keep both (`name (2).ext`) or skip, for this file or for
 * every remaining one. Keep both has the focus, so Enter takes the choice that loses nothing.
 */
export function NameConflictDialog({ name, folderName, others, onAnswer, onCancel }: Props) {
  const { t } = useTranslation();
  const [forAll, setForAll] = useState(false);
  return (
    <ChoiceDialog<ConflitoNomeArquivo>
      title={t('library.upload.conflictTitle')}
      text={t('library.upload.conflictText', { nome: name, pasta: folderName })}
      choices={CHOICES.map(({ choice, label }) => ({
        value: choice,
        label: t(`library.upload.${label}`),
        primary: choice === 'MANTER_AMBOS',
      }))}
      onChoose={(choice) => onAnswer({ choice, forAll })}
      onCancel={onCancel}
      cancelLabel={t('library.cancel')}
    >
      {CHOICES.map(({ choice, label, hint }) => (
        <Typography key={choice} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <strong>{t(`library.upload.${label}`)}</strong>: {t(`library.upload.${hint}`)}
        </Typography>
      ))}
      {others > 0 && (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={forAll} onChange={(e) => setForAll(e.target.checked)} />}
          label={t('library.upload.conflictForAll', { count: others })}
        />
      )}
    </ChoiceDialog>
  );
}
