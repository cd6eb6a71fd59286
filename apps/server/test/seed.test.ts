import { isValidCnpj } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealer } from '../src/modules/dealers/dealers.tables.js';
import { portalModules } from '../src/modules/index.js';
import type { PortalModule } from '../src/platform/module.js';
import { seedDemo, seedOrder } from '../src/seed/demo.js';
import { startTestPortal, type TestPortal } from './harness.js';

describe('demo seed', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal?.stop());

  const counts = async () => {
    const result = await portal.services.db.execute<Record<string, number>>(sql`
      SELECT (SELECT count(*)::int FROM marca) AS marcas,
             (SELECT count(*)::int FROM grupo) AS grupos,
             (SELECT count(*)::int FROM dealer) AS dealers,
             (SELECT count(*)::int FROM grupo_usuarios) AS grupos_usuarios,
             (SELECT count(*)::int FROM produto) AS produtos,
             (SELECT count(*)::int FROM tipo_acesso) AS tipos_acesso,
             (SELECT count(*)::int FROM tipo_acesso_funcionalidade) AS funcionalidades_dos_tipos,
             (SELECT count(*)::int FROM funcionalidade) AS funcionalidades,
             (SELECT count(*)::int FROM dado_complementar) AS dados_complementares,
             (SELECT count(*)::int FROM funcionalidade WHERE chave LIKE 'PORTAL_%' OR chave = 'LIBERAR_ATIVACAO_ESPECIAL') AS chaves_portal,
             (SELECT count(*)::int FROM menu) AS menus,
             (SELECT count(*)::int FROM menu WHERE parent_id IS NULL) AS categorias,
             (SELECT count(*)::int FROM departamento) AS departamentos,
             (SELECT count(*)::int FROM cargo) AS cargos,
             (SELECT count(*)::int FROM usuario) AS usuarios,
             (SELECT count(*)::int FROM notificacao) AS notificacoes`);
    return result.rows[0];
  };

  it('creates the demo customer of the issue: 3 brands, 2 dealer groups, 6 dealers, 3 products, the menu tree', async () => {
    expect(await counts()).toEqual({
      marcas: 3,
      grupos: 2,
      dealers: 6,
      grupos_usuarios: 4,
      produtos: 3,
      tipos_acesso: 8,
      funcionalidades_dos_tipos: 24,
      funcionalidades: 19,
      dados_complementares: 1,
      chaves_portal: 15,
      menus: 24,
      categorias: 5,
      departamentos: 3,
      cargos: 4,
      usuarios: 7,
      notificacoes: 1,
    });
  });

  it('gives every dealer a valid, unique CNPJ', async () => {
    const dealers = await portal.services.db.select({ cnpj: dealer.cnpj }).from(dealer);
    expect(dealers.every((d) => isValidCnpj(d.cnpj))).toBe(true);
    expect(new Set(dealers.map((d) => d.cnpj)).size).toBe(6);
  });

  it('is idempotent: running it again changes nothing', async () => {
    const before = await counts();
    await seedDemo(portal.services);
    await seedDemo(portal.services);
    expect(await counts()).toEqual(before);
  });
});

describe('demo seed order (a module part runs after the modules it names)', () => {
  const part = (name: string, after?: string[]): PortalModule => ({ name, seed: { after, run: async () => {} } });

  it('runs a part after the parts it names, otherwise in list order; modules without a part are skipped', () => {
    const names = seedOrder([
      part('users', ['dealers']),
      { name: 'audit' },
      part('dealers', ['groups']),
      part('groups'),
    ]);
    expect(names.map((m) => m.name)).toEqual(['groups', 'dealers', 'users']);
    const real = seedOrder(portalModules).map((m) => m.name);
    expect(real.indexOf('users')).toBeGreaterThan(real.indexOf('dealers'));
    expect(real.indexOf('dealers')).toBeGreaterThan(real.indexOf('groups'));
    expect(real.indexOf('menu')).toBeGreaterThan(real.indexOf('products'));
  });

  it('stops on an unknown module or a cycle', () => {
    expect(() => seedOrder([part('users', ['nope'])])).toThrow(/unknown module nope/);
    expect(() => seedOrder([part('a', ['b']), part('b', ['a'])])).toThrow(/cycle/);
  });
});
