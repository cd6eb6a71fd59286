import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Locale } from '@portal/i18n';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * The recovery screen's language follows its path (docs/domains/sign-in-and-sessions.md#password-recovery), not the
 * browser or a user.
 */
export const RECOVERY_LOCALE_BY_PATH: Record<string, Locale> = {
  '/esqueci-senha': 'pt-BR',
  '/forgot-password': 'en',
  '/olvide-contrasena': 'es',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailProblem(email: string): string | null {
  if (!email.trim()) return 'validation.required';
  return EMAIL.test(email.trim()) ? null : 'validation.email';
}

/**
 * Public password recovery: asks for the e-mail, posts it to /auth/password/forgot and then shows the
 * same neutral confirmation whether or not the address exists.
 */
export function ForgotPasswordPage() {
  const { pathname } = useLocation();
  const locale = RECOVERY_LOCALE_BY_PATH[pathname.replace(/\/+$/, '')] ?? 'pt-BR';
  const { t, i18n } = useTranslation(undefined, { lng: locale });
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);

  // The page title and <html lang> follow the path's language too.
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [i18n, locale]);

  const problem = serverError ?? (touched ? emailProblem(email) : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailed(false);
    if (emailProblem(email)) return;
    setPending(true);
    try {
      const response = await fetch('/auth/password/forgot', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: email.trim(), locale }),
      });
      if (response.ok) {
        setSent(true);
        return;
      }
      const body = (await response.json().catch(() => null)) as { fields?: { email?: string } } | null;
      if (response.status === 400 && body?.fields?.email) setServerError(body.fields.email);
      else setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };

  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, sm: 8 } }} lang={locale}>
      <Paper component="main" variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={3}>
          <Typography variant="h5" component="h1">
            {t('recovery.title')}
          </Typography>
          {sent ? (
            <Alert severity="success" role="status">
              {t('recovery.sent')}
            </Alert>
          ) : (
            <Box component="form" noValidate onSubmit={onSubmit}>
              <Stack spacing={2}>
                <Typography color="text.secondary">{t('recovery.intro')}</Typography>
                <TextField
                  type="email"
                  name="email"
                  label={t('signin.email')}
                  autoComplete="email"
                  value={email}
                  disabled={pending}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    setServerError(null);
                  }}
                  onBlur={() => setTouched(true)}
                  error={Boolean(problem)}
                  helperText={problem ? t(problem) : undefined}
                  fullWidth
                />
                {failed && <Alert severity="error">{t('error.internal')}</Alert>}
                <Button type="submit" variant="contained" disabled={pending}>
                  {t('recovery.submit')}
                </Button>
              </Stack>
            </Box>
          )}
          <Link href={`/auth/login?lang=${encodeURIComponent(locale)}`}>{t('signin.backToSignIn')}</Link>
        </Stack>
      </Paper>
    </Container>
  );
}
