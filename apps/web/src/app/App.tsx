import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { LeaveGuardDialog } from '../ui/form/LeaveGuardDialog';
import { ToastProvider } from '../ui/toast';
import { MaintenancePage } from './errors/MaintenancePage';
import { i18n } from './i18n';
import { type PortalProperties, PortalPropertiesContext } from './portal-properties';
import { AppRoutes } from './router';
import { createPortalTheme, muiTexts } from './theme';

type Props = { portalProperties: PortalProperties | null; client: ApolloClient<object> };

/** The providers around the app. Without portal properties the portal is in maintenance. */
export function App({ portalProperties, client }: Props) {
  return (
    <I18nextProvider i18n={i18n}>
      <PortalTheme variant={portalProperties?.theme}>
        <CssBaseline />
        <ToastProvider>
          {portalProperties ? <PortalApp portalProperties={portalProperties} client={client} /> : <MaintenancePage />}
        </ToastProvider>
      </PortalTheme>
    </I18nextProvider>
  );
}

/** The customer's theme, with MUI's own words in the user's language (made anew when the language changes). */
export function PortalTheme({ variant, children }: { variant: string | null | undefined; children: ReactNode }) {
  const { t, i18n: current } = useTranslation();
  const language = current.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: t's words change with the language, which is listed.
  const theme = useMemo(() => createPortalTheme(variant, muiTexts(t)), [variant, language]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

function PortalApp({ portalProperties, client }: { portalProperties: PortalProperties; client: ApolloClient<object> }) {
  return (
    <PortalPropertiesContext value={portalProperties}>
      <ApolloProvider client={client}>
        <BrowserRouter>
          <AppRoutes />
          <LeaveGuardDialog />
        </BrowserRouter>
      </ApolloProvider>
    </PortalPropertiesContext>
  );
}
