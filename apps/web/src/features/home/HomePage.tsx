import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { SignOutButton } from '../auth/SignOutButton';

/** /home: greets the user (the language picker is in the header). Slides, ads and cards come later. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={3}>
          <div>
            <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {t('app.greeting', { nome: user.nome })}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('app.userType')}: {user.tipo.description}
            </Typography>
          </div>
          <SignOutButton />
        </Stack>
      </Paper>
    </Container>
  );
}
