import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../app/apollo-client';
import { LanguagePicker } from '../../app/current-user/LanguagePicker';
import { LoadingView } from '../../ui/LoadingView';
import { MINHA_CONTA } from './account.documents';
import { ChangePasswordForm } from './ChangePasswordForm';

/** Up to two initials of a name ('Daniela Dealer' → 'DD'), the avatar's fallback. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words;
  return letters.map((w) => w?.[0]?.toUpperCase() ?? '').join('');
}

/** /minha-conta: the user's name, avatar, e-mail (read-only), language and password. */
export function MyAccountPage() {
  const { t } = useTranslation();
  const { data, error } = useQuery(MINHA_CONTA);
  const me = data?.usuarioLogado;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          {t('route.minhaConta')}
        </Typography>
        {error && !me && <Alert severity="error">{apiErrorMessage(error, t('error.internal'))}</Alert>}
        {!me && !error && <LoadingView />}
        {me && (
          <>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="account-profile"
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              <Stack spacing={3}>
                <Typography id="account-profile" variant="h6" component="h2">
                  {t('account.profile')}
                </Typography>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <Avatar
                    src={me.avatarLink ?? undefined}
                    alt={me.nome}
                    sx={{ width: 56, height: 56, bgcolor: 'primary.dark', color: 'primary.contrastText' }}
                  >
                    {initialsOf(me.nome)}
                  </Avatar>
                  <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
                    {me.nome}
                  </Typography>
                </Stack>
                <TextField
                  label={t('account.email')}
                  value={me.email}
                  slotProps={{ input: { readOnly: true } }}
                  fullWidth
                />
                <LanguagePicker />
              </Stack>
            </Paper>
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="account-password"
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              <Stack spacing={3}>
                <Typography id="account-password" variant="h6" component="h2">
                  {t('account.changePassword')}
                </Typography>
                {me.senhaGerenciadaPeloPortal ? (
                  <ChangePasswordForm />
                ) : (
                  <Typography color="text.secondary">{t('account.externalPassword')}</Typography>
                )}
              </Stack>
            </Paper>
          </>
        )}
      </Stack>
    </Container>
  );
}
