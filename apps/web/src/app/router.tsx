import { ROUTES } from '@portal/domain';
import type { ComponentType, ReactNode } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { HOME_FIRST_DATA } from '../features/home/home-data';
import { loadHomePage } from '../features/home/load-home-page';
import { preloadableLazy } from '../ui/preloadable-lazy';
import { AppFrame, frameFirstData } from './AppFrame';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { NotFoundPage } from './errors/NotFoundPage';
import { OpsPage } from './errors/OpsPage';
import type { FirstQuery } from './first-data';
import { loadFullCatalogue } from './i18n';
import { type PortalProperties, usePortalProperties } from './portal-properties';
import { PublicFrame } from './shell/PublicFrame';
import { useDocumentTitle } from './shell/useDocumentTitle';

/**
 * One screen of the app. `path` is a path of the shared route table (docs/domains/permissions.md#route-table): its
 * title and its guard come from there, and `public: true` there puts the screen outside the frame (no header, no
 * sign-in). `titleKey`/`public` here are only for paths the table does not list.
 */
export type ScreenEntry = {
  path: string;
  load: () => Promise<ComponentType>;
  titleKey?: string;
  public?: boolean;
  /** The queries the screen runs as it first renders, started with the frame's when it is the page opened. */
  firstData?: readonly FirstQuery[];
  /**
   * Its texts are bundled in the first JavaScript (a root of scripts/initial-catalogue.ts): it does not wait for the
   * whole pt-BR catalogue, which every other screen does (app/i18n.ts).
   */
  textsBundled?: boolean;
};

/** Every screen, each its own lazy chunk. Add new screens here. */
export const SCREENS: ScreenEntry[] = [
  {
    path: '/home',
    load: loadHomePage,
    firstData: HOME_FIRST_DATA,
    textsBundled: true,
  },
  {
    path: '/notificacoes',
    load: async () => (await import('../features/notifications/NotificacoesPage')).NotificacoesPage,
  },
  ...['/biblioteca', '/biblioteca/:idPasta'].map((path) => ({
    path,
    load: async () => (await import('../features/library/LibraryPage')).LibraryScreen,
  })),
  { path: '/novidades', load: async () => (await import('../features/news/NovidadesPage')).NovidadesPage },
  { path: '/comunicados', load: async () => (await import('../features/communications/InboxPage')).InboxPage },
  {
    path: '/comunicados/visualizarEnvio/:id',
    load: async () => (await import('../features/communications/EnvioPage')).EnvioPage,
  },
  {
    path: '/comunicados/novo',
    load: async () => (await import('../features/communications/ComunicadoFormPage')).NovoComunicadoPage,
  },
  {
    path: '/comunicados/editar/:id',
    load: async () => (await import('../features/communications/ComunicadoFormPage')).EditarComunicadoPage,
  },
  {
    path: '/comunicados/errata/:id',
    load: async () => (await import('../features/communications/ComunicadoFormPage')).ErrataComunicadoPage,
  },
  {
    path: '/comunicados/visualizar/:id',
    load: async () => (await import('../features/communications/ComunicadoViewPage')).ComunicadoViewPage,
  },
  {
    path: '/comunicados/dashboard/:id',
    load: async () => (await import('../features/communications/DashboardPage')).DashboardPage,
  },
  {
    path: '/grupos',
    load: async () => (await import('../features/dealer-groups/DealerGroupsListPage')).DealerGroupsListPage,
  },
  ...['/grupos/novo', '/grupos/:id'].map((path) => ({
    path,
    load: async () => (await import('../features/dealer-groups/DealerGroupEditPage')).DealerGroupEditPage,
  })),
  { path: '/dealers', load: async () => (await import('../features/dealers/DealersListPage')).DealersListPage },
  ...['/dealers/novo', '/dealers/:id'].map((path) => ({
    path,
    load: async () => (await import('../features/dealers/DealerEditPage')).DealerEditPage,
  })),
  { path: '/usuarios', load: async () => (await import('../features/users/UsersListPage')).UsersListPage },
  {
    path: '/importarUsuarios',
    load: async () => (await import('../features/user-import/UserImportPage')).UserImportPage,
  },
  { path: '/menus', load: async () => (await import('../features/menus/MenusListPage')).MenusListPage },
  { path: '/superAdmin', load: async () => (await import('../features/super-admin/SuperAdminPage')).SuperAdminPage },
  { path: '/auditoria', load: async () => (await import('../features/audit/AuditSearchPage')).AuditSearchPage },
  {
    path: '/auditoria/:id/:tipo',
    load: async () => (await import('../features/audit/AuditHistoryPage')).AuditHistoryPage,
  },
  ...['/menus/novo', '/menus/:id'].map((path) => ({
    path,
    load: async () => (await import('../features/menus/MenuEditPage')).MenuEditPage,
  })),
  ...['/usuarios/novo', '/usuarios/:id'].map((path) => ({
    path,
    load: async () => (await import('../features/users/UserEditPage')).UserEditPage,
  })),
  {
    path: '/gruposUsuarios',
    load: async () => (await import('../features/user-groups/UserGroupsListPage')).UserGroupsListPage,
  },
  ...['/gruposUsuarios/novo', '/gruposUsuarios/:id'].map((path) => ({
    path,
    load: async () => (await import('../features/user-groups/UserGroupEditPage')).UserGroupEditPage,
  })),
  { path: '/slides', load: async () => (await import('../features/home-content/SlidesListPage')).SlidesListPage },
  ...['/slides/novo', '/slides/editar/:id'].map((path) => ({
    path,
    load: async () => (await import('../features/home-content/SlideFormPage')).SlideFormPage,
  })),
  {
    path: '/anuncios',
    load: async () => (await import('../features/home-content/AnunciosListPage')).AnunciosListPage,
  },
  ...['/anuncios/novo', '/anuncios/editar/:id'].map((path) => ({
    path,
    load: async () => (await import('../features/home-content/AnuncioFormPage')).AnuncioFormPage,
  })),
  {
    path: '/notificacoesGenericas',
    load: async () =>
      (await import('../features/notifications/NotificacoesGenericasListPage')).NotificacoesGenericasListPage,
  },
  ...['/notificacoesGenericas/nova/:tipo', '/notificacoesGenericas/editar/:tipo/:id'].map((path) => ({
    path,
    load: async () =>
      (await import('../features/notifications/NotificacaoGenericaFormPage')).NotificacaoGenericaFormPage,
  })),
  {
    path: '/modelosNotificacao',
    load: async () => (await import('../features/notifications/ModelosListPage')).ModelosListPage,
  },
  ...['/modelosNotificacao/novo', '/modelosNotificacao/:id'].map((path) => ({
    path,
    load: async () => (await import('../features/notifications/ModeloFormPage')).ModeloFormPage,
  })),
  { path: '/minha-conta', load: async () => (await import('../features/account/MyAccountPage')).MyAccountPage },
  ...['/esqueci-senha', '/forgot-password', '/olvide-contrasena'].map((path) => ({
    path,
    load: async () => (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage,
  })),
];

const routeDef = (path: string) => ROUTES.find((r) => r.path === path);
const isPublic = (s: ScreenEntry) => s.public ?? routeDef(s.path)?.public === true;

/** Sets the document title (`${portal name} - ${title}`) of the screen it wraps. */
function Titled({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  useDocumentTitle(usePortalProperties().name, titleKey);
  return children;
}

/**
 * Each screen's component: its code, and for a screen whose texts are not bundled the whole pt-BR catalogue. The
 * screen opened first is preloaded (`preloadScreen`), so it renders with the frame instead of suspending once more.
 */
const SCREEN_COMPONENTS = new Map(
  SCREENS.map((screen) => [
    screen,
    preloadableLazy(async () => {
      const [component] = await Promise.all([screen.load(), screen.textsBundled ? null : loadFullCatalogue()]);
      return component;
    }),
  ]),
);

function toRoute(screen: ScreenEntry) {
  const titleKey = screen.titleKey ?? routeDef(screen.path)?.titleKey;
  if (!titleKey) throw new Error(`${screen.path} is not in the ROUTES table of @portal/domain: give it a titleKey`);
  const Screen = SCREEN_COMPONENTS.get(screen)!;
  return (
    <Route
      key={screen.path}
      path={screen.path}
      element={
        <Titled titleKey={titleKey}>
          <Screen />
        </Titled>
      }
    />
  );
}

/** The path patterns with a screen in this build: the menu hides in-app entries without one. */
export const REGISTERED_PATHS: readonly string[] = SCREENS.filter((s) => !isPublic(s)).map((s) => s.path);

const PUBLIC_ROUTES = SCREENS.filter(isPublic).map(toRoute);
const SIGNED_IN_ROUTES = SCREENS.filter((s) => !isPublic(s)).map(toRoute);

/**
 * The app's routes (React Router's declarative mode: the app uses no loaders or actions, and the data mode's router
 * costs /home about 17 KB gzipped). Public screens render bare; signed-in screens inside the frame (header, menu,
 * guard), each screen's code loaded on first visit (the frame shows a loading view meanwhile). A screen that throws
 * shows the Ops page inside the frame; the frame failing itself shows it alone.
 */
export function AppRoutes() {
  return (
    <ErrorBoundary fallback={(error) => <OpsPage standalone error={error} />}>
      <Routes>
        <Route element={<PublicFrame />}>{PUBLIC_ROUTES}</Route>
        <Route element={<AppFrame registeredPaths={REGISTERED_PATHS} />}>
          <Route index element={<Navigate to="/home" replace />} />
          {SIGNED_IN_ROUTES}
          <Route
            path="*"
            element={
              <Titled titleKey="app.notFoundTitle">
                <NotFoundPage />
              </Titled>
            }
          />
        </Route>
      </Routes>
    </ErrorBoundary>
  );
}

/**
 * Starts downloading the chunk of the screen at `pathname` (with the chunks it imports) right away, while the portal
 * properties and the signed-in user are still being fetched: the router would only ask for it once the app renders,
 * and once it is there the screen renders in the frame's own pass (`preloadableLazy`).
 */
export function preloadScreen(pathname: string) {
  const screen = SCREENS.find((s) => matchPath(s.path, pathname));
  const component = screen && SCREEN_COMPONENTS.get(screen);
  // A failure here is the router's to report when it renders the screen.
  component?.preload().catch(() => {});
}

/**
 * The data to start for the page at `pathname` before React renders (app/first-data.ts): none for a public screen
 * (nobody is signed in there), else the frame's and the screen's own.
 */
export function firstDataOf(pathname: string, portal: PortalProperties): FirstQuery[] {
  const screen = SCREENS.find((s) => matchPath(s.path, pathname));
  if (screen && isPublic(screen)) return [];
  return [frameFirstData(portal), ...(screen?.firstData ?? [])];
}
