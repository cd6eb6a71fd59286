import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Locale } from '@portal/i18n';
import { type FormEvent, Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { usePortalProperties } from '../../app/portal-properties';

/**
 * The recovery screen's language follows its path (docs/domains/sign-in-and-sessions.md#password-recovery), not the
 * browser or a user.
 */
export const RECOVERY_LOCALE_BY_PATH: Record<string, Locale> = {
  '/esqueci-senha': 'pt-BR',
  '/forgot-password': 'en',
  '/olvide-contrasena': 'es',
};

/** The sign-in page's background (views.ts). */
const SIGN_IN_PAGE_GREY = '#f4f6f8';
const LANGUAGE_KEY: Record<Locale, string> = { 'pt-BR': 'idioma.PT_BR', es: 'idioma.ES', en: 'idioma.EN' };

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
  const portal = usePortalProperties();
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

  const languages = Object.entries(RECOVERY_LOCALE_BY_PATH);
  return (
    // The sign-in page's look (the provider's page, apps/server/src/platform/auth/views.ts): the portal's name in a
    // bar of the theme's colour, one 400 px card on a grey page, and the language links under it. Its sizes are that
    // page's pixels, not the theme's spacing unit, so that both pages keep one look whatever the unit.
    <Box lang={locale} sx={{ minHeight: '100vh', bgcolor: SIGN_IN_PAGE_GREY }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: '24px', py: '16px' }}>
        <Typography component="p" sx={{ fontSize: 20, fontWeight: 600, lineHeight: 'normal' }}>
          {portal.name}
        </Typography>
      </Box>
      <Paper
        component="main"
        elevation={2}
        sx={{
          maxWidth: 400,
          mx: 'auto',
          my: { xs: 0, sm: '48px' },
          p: '32px',
          borderRadius: { xs: 0, sm: 2 },
          boxShadow: { xs: 'none', sm: '0 2px 8px rgba(0,0,0,.12)' },
        }}
      >
        <Stack spacing="24px">
          <Typography component="h1" sx={{ fontSize: 22, fontWeight: 700 }}>
            {t('recovery.title')}
          </Typography>
          {sent ? (
            <Alert severity="success" role="status">
              {t('recovery.sent')}
            </Alert>
          ) : (
            <Box component="form" noValidate onSubmit={onSubmit}>
              <Stack spacing="16px">
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
                <Button type="submit" variant="contained" size="large" disabled={pending}>
                  {t('recovery.submit')}
                </Button>
              </Stack>
            </Box>
          )}
          <Link href={`/auth/login?lang=${encodeURIComponent(locale)}`}>{t('signin.backToSignIn')}</Link>
        </Stack>
      </Paper>
      <Box
        component="nav"
        aria-label={t('app.language')}
        sx={{ textAlign: 'center', fontSize: 13, my: '16px', mx: 'auto', maxWidth: 400 }}
      >
        {languages.map(([path, language], i) => (
          <Fragment key={path}>
            {i > 0 && ' · '}
            {language === locale ? (
              <strong aria-current="true">{t(LANGUAGE_KEY[language], { lng: language })}</strong>
            ) : (
              <Link component={RouterLink} to={path} hrefLang={language} color="inherit">
                {t(LANGUAGE_KEY[language], { lng: language })}
              </Link>
            )}
          </Fragment>
        ))}
      </Box>
    </Box>
  );
}
