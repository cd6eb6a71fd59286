import type { FeatureKey } from './feature-keys.js';
import { type Guard, type GuardSubject, isAllowed } from './guard.js';

/** One row of the route table (docs/domains/permissions.md#route-table). `titleKey` is an i18n key. */
export type RouteDef = Guard & {
  path: string;
  titleKey: string;
  inMenu?: boolean;
  public?: boolean;
};

const USERS_KEYS: FeatureKey[] = ['PORTAL_MANUTENCAO_USUARIOS', 'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'];
const COMUNICADOS_ADMIN: FeatureKey[] = ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_APROVACAO_ENVIO_COMUNICADOS'];

/** The route table (docs/domains/permissions.md#route-table) as data. Screens register against these paths. */
export const ROUTES: readonly RouteDef[] = [
  { path: '/home', titleKey: 'route.home', inMenu: true },
  { path: '/superAdmin', titleKey: 'route.superAdmin', inMenu: true, types: ['TECSINAPSE'] },
  { path: '/grupos', titleKey: 'route.grupos', inMenu: true, keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
  { path: '/grupos/novo', titleKey: 'route.gruposNovo', keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
  { path: '/grupos/:id', titleKey: 'route.gruposEditar', keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
  { path: '/dealers', titleKey: 'route.dealers', inMenu: true, keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
  { path: '/dealers/novo', titleKey: 'route.dealersNovo', keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
  { path: '/dealers/:id', titleKey: 'route.dealersEditar', keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
  { path: '/usuarios', titleKey: 'route.usuarios', inMenu: true, keys: USERS_KEYS },
  { path: '/usuarios/novo', titleKey: 'route.usuariosNovo', keys: ['PORTAL_MANUTENCAO_USUARIOS'] },
  { path: '/usuarios/:id', titleKey: 'route.usuariosEditar', keys: ['PORTAL_MANUTENCAO_USUARIOS'] },
  {
    path: '/gruposUsuarios',
    titleKey: 'route.gruposUsuarios',
    inMenu: true,
    keys: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'],
  },
  { path: '/gruposUsuarios/novo', titleKey: 'route.gruposUsuariosNovo', keys: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'] },
  { path: '/gruposUsuarios/:id', titleKey: 'route.gruposUsuariosEditar', keys: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'] },
  // Menus administration (docs/domains/menu-and-shell.md#menus-administration): the product names its list without a path; these are ours.
  { path: '/menus', titleKey: 'route.menus', types: ['TECSINAPSE'] },
  { path: '/menus/novo', titleKey: 'route.menusNovo', types: ['TECSINAPSE'] },
  { path: '/menus/:id', titleKey: 'route.menusEditar', types: ['TECSINAPSE'] },
  { path: '/auditoria/:id/:tipo', titleKey: 'route.auditoria', types: ['TECSINAPSE'] },
  // The audit search across entities (docs/domains/audit.md#reading-the-trail): ours, the product names none.
  { path: '/auditoria', titleKey: 'route.auditoriaBusca', inMenu: true, types: ['TECSINAPSE'] },
  { path: '/biblioteca', titleKey: 'route.biblioteca', inMenu: true },
  { path: '/biblioteca/:idPasta', titleKey: 'route.bibliotecaPasta' },
  { path: '/comunicados', titleKey: 'route.comunicados', inMenu: true },
  { path: '/comunicados/novo', titleKey: 'route.comunicadosNovo', keys: COMUNICADOS_ADMIN },
  { path: '/comunicados/editar/:id', titleKey: 'route.comunicadosEditar', keys: COMUNICADOS_ADMIN },
  { path: '/comunicados/errata/:id', titleKey: 'route.comunicadosErrata', keys: COMUNICADOS_ADMIN },
  { path: '/comunicados/visualizar/:id', titleKey: 'route.comunicadosVisualizar', keys: COMUNICADOS_ADMIN },
  { path: '/comunicados/dashboard/:id', titleKey: 'route.comunicadosDashboard', keys: COMUNICADOS_ADMIN },
  { path: '/comunicados/visualizarEnvio/:id', titleKey: 'route.comunicadosVisualizarEnvio' },
  { path: '/minha-conta', titleKey: 'route.minhaConta' },
  { path: '/slides', titleKey: 'route.slides', inMenu: true, keys: ['PORTAL_MANUTENCAO_SLIDES'] },
  { path: '/slides/novo', titleKey: 'route.slidesNovo', keys: ['PORTAL_MANUTENCAO_SLIDES'] },
  { path: '/slides/editar/:id', titleKey: 'route.slidesEditar', keys: ['PORTAL_MANUTENCAO_SLIDES'] },
  { path: '/anuncios', titleKey: 'route.anuncios', inMenu: true, keys: ['PORTAL_MANUTENCAO_ANUNCIOS'] },
  { path: '/anuncios/novo', titleKey: 'route.anunciosNovo', keys: ['PORTAL_MANUTENCAO_ANUNCIOS'] },
  { path: '/anuncios/editar/:id', titleKey: 'route.anunciosEditar', keys: ['PORTAL_MANUTENCAO_ANUNCIOS'] },
  { path: '/notificacoes', titleKey: 'route.notificacoes' },
  { path: '/novidades', titleKey: 'route.novidades' },
  {
    path: '/notificacoesGenericas',
    titleKey: 'route.notificacoesGenericas',
    inMenu: true,
    keys: ['PORTAL_NOTIFICACOES_GENERICAS'],
  },
  {
    path: '/notificacoesGenericas/nova/:tipo',
    titleKey: 'route.notificacoesGenericasNova',
    keys: ['PORTAL_NOTIFICACOES_GENERICAS'],
  },
  {
    path: '/notificacoesGenericas/editar/:tipo/:id',
    titleKey: 'route.notificacoesGenericasEditar',
    keys: ['PORTAL_NOTIFICACOES_GENERICAS'],
  },
  // Notification templates (docs/domains/notifications.md#templates): the product lists them without a path; these are ours.
  { path: '/modelosNotificacao', titleKey: 'route.modelosNotificacao', keys: ['PORTAL_MANUTENCAO_MODELO'] },
  { path: '/modelosNotificacao/novo', titleKey: 'route.modelosNotificacaoNovo', keys: ['PORTAL_MANUTENCAO_MODELO'] },
  { path: '/modelosNotificacao/:id', titleKey: 'route.modelosNotificacaoEditar', keys: ['PORTAL_MANUTENCAO_MODELO'] },
  { path: '/importarUsuarios', titleKey: 'route.importarUsuarios', inMenu: true, keys: ['PORTAL_IMPORTACAO_USUARIOS'] },
  { path: '/esqueci-senha', titleKey: 'route.esqueciSenha', public: true },
  { path: '/forgot-password', titleKey: 'route.esqueciSenha', public: true },
  { path: '/olvide-contrasena', titleKey: 'route.esqueciSenha', public: true },
];

/**
 * Whether a signed-in user may open a route (docs/domains/permissions.md#route-table). Public routes are open to
 * anyone.
 */
export function canSeeRoute(user: GuardSubject, route: RouteDef): boolean {
  return route.public === true || isAllowed(user, route);
}

/** Finds the route definition for a concrete path ('/dealers/42' matches '/dealers/:id'). */
export function matchRoute(pathname: string): RouteDef | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/');
  const exact = ROUTES.find((r) => r.path === pathname);
  if (exact) return exact;
  return ROUTES.find((r) => {
    const rp = r.path.split('/');
    return rp.length === parts.length && rp.every((seg, i) => seg.startsWith(':') || seg === parts[i]);
  });
}
