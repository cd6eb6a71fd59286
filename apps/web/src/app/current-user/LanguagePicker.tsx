import { useMutation } from '@apollo/client';
import Box from '@mui/material/Box';
import { IDIOMAS, type Idioma } from '@portal/domain';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../ui/toast';
import { FRAME, MUDAR_LINGUA_USUARIO } from './current-user.documents';
import { useSignedInUser } from './signed-in-user';

/**
 * Saves the user's interface language. The frame switches the screen's language when the refetched
 * user arrives, so what is shown always matches what is stored; the menu is refetched too (its
 * labels are translated by the server). `compact`: on the app bar's colours. Labelled
 * 'Idioma' for assistive technology; the options name the languages.
 */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const toast = useToast();
  const [mudarLingua, { loading }] = useMutation(MUDAR_LINGUA_USUARIO, {
    refetchQueries: [FRAME],
    awaitRefetchQueries: true,
  });

  const onChange = (idioma: Idioma) => {
    mudarLingua({ variables: { id: user.id, idioma } }).catch((error: unknown) => toast.error(error));
  };

  const options = IDIOMAS.map((idioma) => (
    <option key={idioma} value={idioma}>
      {t(`idioma.${idioma}`)}
    </option>
  ));

  // A native select (not MUI's menu) keeps the bundle small and is the best picker on phones.
  return (
    <Box
      component="select"
      id="language"
      aria-label={t('app.language')}
      disabled={loading}
      value={user.idioma.id}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value as Idioma)}
      sx={{
        font: 'inherit',
        fontSize: 14,
        py: 0.75,
        px: 1,
        borderRadius: 1,
        cursor: 'pointer',
        ...(compact
          ? {
              color: 'inherit',
              bgcolor: 'transparent',
              border: 0,
              '& option': { color: 'text.primary', bgcolor: 'background.paper' },
            }
          : { minWidth: 180, color: 'text.primary', bgcolor: 'background.paper', border: 1, borderColor: 'divider' }),
        '&:focus-visible': {
          outline: '2px solid',
          outlineColor: compact ? 'common.white' : 'primary.main',
          outlineOffset: 1,
        },
      }}
    >
      {options}
    </Box>
  );
}
