import { describe, expect, it } from 'vitest';
import { isAllowed } from './guard.js';
import { canSeeRoute, matchRoute, ROUTES } from './routes.js';

const dealer = { tipo: 'DEALER_GRUPO' as const, chaves: [] };
const creator = { tipo: 'MONTADORA' as const, chaves: ['PORTAL_CRIACAO_COMUNICADOS'] };
const staff = { tipo: 'TECSINAPSE' as const, chaves: ['PORTAL_MANUTENCAO_USUARIOS'] };

describe('guard rule (docs/domains/permissions.md#the-guard-rule)', () => {
  it.each([
    ['neither list given: allowed', dealer, {}, true],
    ['empty lists: allowed', dealer, { keys: [], types: [] }, true],
    [
      'has one of the keys',
      creator,
      { keys: ['PORTAL_APROVACAO_ENVIO_COMUNICADOS', 'PORTAL_CRIACAO_COMUNICADOS'] },
      true,
    ],
    ['has none of the keys', dealer, { keys: ['PORTAL_CRIACAO_COMUNICADOS'] }, false],
    ['type allowed', staff, { types: ['TECSINAPSE'] }, true],
    ['type not allowed', creator, { types: ['TECSINAPSE'] }, false],
    ['key and type both needed: both', staff, { keys: ['PORTAL_MANUTENCAO_USUARIOS'], types: ['TECSINAPSE'] }, true],
    [
      'key and type both needed: key only',
      { ...staff, tipo: 'MONTADORA' as const },
      { keys: ['PORTAL_MANUTENCAO_USUARIOS'], types: ['TECSINAPSE'] },
      false,
    ],
    [
      'key and type both needed: type only',
      { ...staff, chaves: [] },
      { keys: ['PORTAL_MANUTENCAO_USUARIOS'], types: ['TECSINAPSE'] },
      false,
    ],
  ] as const)('%s', (_, user, guard, expected) => {
    expect(isAllowed(user, guard as never)).toBe(expected);
  });
});

describe('route table (docs/domains/permissions.md#route-table)', () => {
  it('matches concrete paths to their pattern', () => {
    expect(matchRoute('/dealers/42')?.path).toBe('/dealers/:id');
    expect(matchRoute('/dealers/novo')?.path).toBe('/dealers/novo');
    expect(matchRoute('/auditoria/1/usuario')?.path).toBe('/auditoria/:id/:tipo');
    expect(matchRoute('/nao-existe')).toBeUndefined();
  });

  it.each([
    ['/home', dealer, true],
    ['/superAdmin', dealer, false],
    ['/superAdmin', staff, true],
    ['/usuarios', staff, true],
    ['/usuarios/novo', { tipo: 'MONTADORA' as const, chaves: ['PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'] }, false],
    ['/usuarios', { tipo: 'MONTADORA' as const, chaves: ['PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'] }, true],
    ['/comunicados/novo', creator, true],
    ['/comunicados/novo', dealer, false],
    ['/comunicados/visualizarEnvio/7', dealer, true],
    ['/auditoria/1/usuario', creator, false],
    ['/biblioteca/abc', dealer, true],
    ['/importarUsuarios', staff, false],
    ['/esqueci-senha', dealer, true],
  ] as const)('%s for %o -> %s', (path, user, expected) => {
    const route = matchRoute(path);
    expect(route).toBeDefined();
    expect(canSeeRoute(user, route!)).toBe(expected);
  });

  it('has every path once, a title key, and the public recovery routes', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(ROUTES.every((r) => r.titleKey.startsWith('route.'))).toBe(true);
    expect(ROUTES.filter((r) => r.public).map((r) => r.path)).toEqual([
      '/esqueci-senha',
      '/forgot-password',
      '/olvide-contrasena',
    ]);
  });
});
