import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { LeaveGuardDialog } from '../ui/form/LeaveGuardDialog';
import { ToastProvider } from '../ui/toast';
import { MaintenancePage } from './errors/MaintenancePage';
import { i18n } from './i18n';
import { type PortalProperties, PortalPropertiesContext } from './portal-properties';
import { AppRoutes } from './router';
import { createPortalTheme } from './theme';

type Props = { portalProperties: PortalProperties | null; client: ApolloClient<object> };

/** The providers around the app. Without portal properties the portal is in maintenance. */
export function App({ portalProperties, client }: Props) {
  const theme = useMemo(() => createPortalTheme(portalProperties?.theme), [portalProperties?.theme]);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          {portalProperties ? <PortalApp portalProperties={portalProperties} client={client} /> : <MaintenancePage />}
        </ToastProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
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
