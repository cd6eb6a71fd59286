import { ApolloProvider } from '@apollo/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { redirectToSignIn } from '../features/auth/session';
import { ToastProvider } from '../ui/toast';
import { createApolloClient } from './apollo-client';
import { MaintenancePage } from './errors/MaintenancePage';
import { i18n } from './i18n';
import { type PortalProperties, PortalPropertiesContext } from './portal-properties';
import { AppRoutes } from './router';
import { createPortalTheme } from './theme';

type Props = { portalProperties: PortalProperties | null };

/** The providers around the app. Without portal properties the portal is in maintenance. */
export function App({ portalProperties }: Props) {
  const theme = useMemo(() => createPortalTheme(portalProperties?.theme), [portalProperties?.theme]);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          {portalProperties ? <PortalApp portalProperties={portalProperties} /> : <MaintenancePage />}
        </ToastProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}

function PortalApp({ portalProperties }: { portalProperties: PortalProperties }) {
  const [client] = useState(() => createApolloClient(redirectToSignIn));
  return (
    <PortalPropertiesContext value={portalProperties}>
      <ApolloProvider client={client}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ApolloProvider>
    </PortalPropertiesContext>
  );
}
