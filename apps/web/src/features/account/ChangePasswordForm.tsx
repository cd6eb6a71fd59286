import { ApolloError, useMutation } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { changePasswordSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../ui/toast';
import { ALTERAR_SENHA, type ChangePasswordInput } from './account.documents';

type Field = keyof ChangePasswordInput;
const FIELDS: readonly Field[] = ['senhaAtual', 'novaSenha', 'confirmacao'];
const EMPTY: ChangePasswordInput = { senhaAtual: '', novaSenha: '', confirmacao: '' };
const NO_TOUCH: Record<Field, boolean> = { senhaAtual: false, novaSenha: false, confirmacao: false };

/** The i18n keys of every problem per field (SPEC §5 password rules). */
function validate(values: ChangePasswordInput): Partial<Record<Field, string[]>> {
  const result = changePasswordSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<Field, string[]>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/** The per-field i18n keys of a BAD_USER_INPUT answer (`extensions.fields`). */
function serverFieldErrors(error: unknown): Partial<Record<Field, string>> | null {
  if (!(error instanceof ApolloError)) return null;
  const fields = error.graphQLErrors[0]?.extensions?.fields;
  if (!fields || typeof fields !== 'object') return null;
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [Field, string] => FIELDS.includes(entry[0] as Field) && typeof entry[1] === 'string',
    ),
  );
}

/**
 * Change password (SPEC §4 forms, §5 rules): errors show once a field is touched or after a submit
 * attempt; the server's field errors show on their field; success shows a toast and clears the form.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState(NO_TOUCH);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [alterarSenha, { loading }] = useMutation(ALTERAR_SENHA);

  const errors = validate(values);
  const messagesOf = (field: Field): string[] => {
    const own = touched[field] || submitted ? (errors[field] ?? []) : [];
    const server = serverErrors[field];
    return server ? [server, ...own] : own;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setTouched({ senhaAtual: true, novaSenha: true, confirmacao: true });
    if (Object.keys(validate(values)).length > 0) return;
    try {
      await alterarSenha({ variables: values });
      toast.success('password.changed');
      setValues(EMPTY);
      setTouched(NO_TOUCH);
      setSubmitted(false);
      setServerErrors({});
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields && Object.keys(fields).length > 0) setServerErrors(fields);
      else toast.error(error);
    }
  };

  const field = (name: Field, labelKey: string, autoComplete: string) => {
    const messages = messagesOf(name);
    return (
      <TextField
        name={name}
        type="password"
        label={t(labelKey)}
        autoComplete={autoComplete}
        value={values[name]}
        disabled={loading}
        onChange={(event) => {
          const value = event.target.value;
          setValues((v) => ({ ...v, [name]: value }));
          setServerErrors((e) => ({ ...e, [name]: undefined }));
        }}
        onBlur={() => setTouched((v) => ({ ...v, [name]: true }))}
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
