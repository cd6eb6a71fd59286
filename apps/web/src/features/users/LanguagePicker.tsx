import { useMutation } from '@apollo/client';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { IDIOMAS, type Idioma } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../app/apollo-client';
import { useSignedInUser } from './signed-in-user';
import { MUDAR_LINGUA_USUARIO, USUARIO_LOGADO } from './users.documents';

/**
 * Saves the user's interface language. The frame switches the screen's language when the refetched
 * user arrives, so what is shown always matches what is stored.
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [mudarLingua, { loading, error }] = useMutation(MUDAR_LINGUA_USUARIO, {
    refetchQueries: [USUARIO_LOGADO],
    awaitRefetchQueries: true,
  });

  const onChange = (idioma: Idioma) => {
    mudarLingua({ variables: { id: user.id, idioma } }).catch(() => {
      // Shown below from `error`.
    });
  };

  return (
    <>
      {/* A native select (not MUI's menu) keeps this chunk small and is the best picker on phones. */}
      <FormControl disabled={loading}>
        <InputLabel htmlFor="language" shrink>
          {t('app.language')}
        </InputLabel>
        <NativeSelect
          value={user.idioma.id}
          onChange={(event) => onChange(event.target.value as Idioma)}
          input={<OutlinedInput notched label={t('app.language')} />}
          inputProps={{ id: 'language' }}
        >
          {IDIOMAS.map((idioma) => (
            <option key={idioma} value={idioma}>
              {t(`idioma.${idioma}`)}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      {error && <Alert severity="error">{apiErrorMessage(error, t('error.internal'))}</Alert>}
    </>
  );
}
