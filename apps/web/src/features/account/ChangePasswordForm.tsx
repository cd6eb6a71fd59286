import { useMutation } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { changePasswordSchema } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { ALTERAR_SENHA, type ChangePasswordInput } from './account.documents';

type Field = keyof ChangePasswordInput;
const EMPTY: ChangePasswordInput = { senhaAtual: '', novaSenha: '', confirmacao: '' };

/**
 * Change password (docs/domains/screens-and-forms.md#forms, docs/domains/sign-in-and-sessions.md#passwords): errors
 * show once a field is touched or after a submit attempt; the server's field errors show on their field; success shows
 * a toast and clears the form.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useZodForm(changePasswordSchema, EMPTY);
  const [alterarSenha, { loading }] = useMutation(ALTERAR_SENHA);

  const onSubmit = form.onSubmit(async () => {
    try {
      await alterarSenha({ variables: form.values });
      toast.success('password.changed');
      form.reset();
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(error);
    }
  });

  const field = (name: Field, labelKey: string, autoComplete: string) => {
    const messages = form.messagesOf(name);
    return (
      <TextField
        name={name}
        type="password"
        label={t(labelKey)}
        autoComplete={autoComplete}
        value={form.values[name]}
        disabled={loading}
        onChange={(event) => form.set(name, event.target.value)}
        onBlur={() => form.touch(name)}
        error={messages.length > 0}
        helperText={
          messages.length > 0
            ? messages.map((key) => (
                <Box component="span" key={key} sx={{ display: 'block' }}>
                  {t(key)}
                </Box>
              ))
            : undefined
        }
        fullWidth
      />
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2}>
        {field('senhaAtual', 'account.currentPassword', 'current-password')}
        {field('novaSenha', 'account.newPassword', 'new-password')}
        {field('confirmacao', 'account.confirmation', 'new-password')}
        <Button type="submit" variant="contained" disabled={loading} sx={{ alignSelf: 'flex-start' }}>
          {t('account.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
