import { type GuardSubject, isAllowed, themePrimary } from '@portal/domain';
import { t } from '@portal/i18n';
import { and, eq, inArray } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { dealer } from '../src/modules/dealers/dealers.tables.js';
import { inativarGrupo } from '../src/modules/groups/groups.service.js';
import { grupo } from '../src/modules/groups/groups.tables.js';
import { portalModules } from '../src/modules/index.js';
import { MENU_CACHE_KEY } from '../src/modules/menu/menu.queries.js';
import { linkUsuario } from '../src/modules/menu/menu.tables.js';
import { createNotification } from '../src/modules/notifications/notifications.service.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { systemContext } from '../src/platform/actions.js';
import { describeGuard } from '../src/platform/graphql/guards.js';
import { formatError } from '../src/platform/graphql/register.js';
import { allGuards } from '../src/platform/graphql/schema.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { startTestPortal, statementsDuring, type TestPortal } from './harness.js';

/** One valid document per operation (each module's `<domain>.samples.ts`): the deny tests run every one. */
const SAMPLES: Record<string, string> = Object.assign(
  { 'Query.ping': '{ ping }', 'Mutation.noop': 'mutation { noop }' },
  ...portalModules.map((m) => m.samples ?? {}),
);
const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;

describe('GraphQL API', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const { email } of DEMO_USERS) {
      as[email.split('@')[0]] = (await signIn(base, email, DEMO_PASSWORD)).client;
    }
  });
  afterAll(() => portal?.stop());

  const anonymous = () => signIn(base, 'nobody@portal.demo', 'x').then((r) => r.client);

  it('has a sample for every operation (new operations must join the deny tests)', () => {
    const guards = allGuards(portalModules);
    const ops = (['Query', 'Mutation'] as const).flatMap((root) =>
      Object.keys(guards[root] ?? {}).map((n) => `${root}.${n}`),
    );
    expect(Object.keys(SAMPLES).sort()).toEqual(ops.sort());
  });

  it('signed out: every non-public operation answers UNAUTHENTICATED and no data', async () => {
    const guards = allGuards(portalModules);
    const client = await anonymous();
    for (const [op, document] of Object.entries(SAMPLES)) {
      const [root, name] = op.split('.') as ['Query' | 'Mutation', string];
      const res = await gql(client, base, document);
      if (guards[root]?.[name] === 'public') expect(res.errors, op).toBeUndefined();
      else {
        expect(code(res), op).toBe('UNAUTHENTICATED');
        // A nullable root field (anuncioAleatorio) answers { name: null }; either way no data.
        expect(res.data?.[name] ?? null, op).toBeNull();
      }
    }
  });

  it('every key- or type-guarded operation: FORBIDDEN and no data to each demo user who fails its guard', async () => {
    const guards = allGuards(portalModules);
    // Each user's type and keys as the server resolves them, so a new demo user joins the matrix.
    const users = await Promise.all(
      Object.entries(as).map(async ([who, client]) => {
        const me = (await gql(client, base, '{ usuarioLogado { tipo { id } funcionalidades { chave } } }')).data
          .usuarioLogado;
        const subject: GuardSubject = { tipo: me.tipo.id, chaves: me.funcionalidades.map((f: any) => f.chave) };
        return { who, client, subject };
      }),
    );
    for (const root of ['Query', 'Mutation'] as const) {
      for (const [name, guard] of Object.entries(guards[root] ?? {})) {
        if (typeof guard === 'string') continue;
        const op = `${root}.${name}`;
        const denied = users.filter((u) => !isAllowed(u.subject, guard));
        expect(
          denied.length,
          `${op} (${describeGuard(guard)}): no demo user fails this guard, so nothing proves it is enforced; give the demo seed a user who lacks it`,
        ).toBeGreaterThan(0);
        for (const { who, client } of denied) {
          const res = await gql(client, base, SAMPLES[op]);
          expect(code(res), `${op} as ${who}`).toBe('FORBIDDEN');
          expect(res.data?.[name] ?? null, `${op} as ${who}`).toBeNull();
        }
      }
    }
  });

  it('FORBIDDEN carries the translated message; the user with the key or type gets the data', async () => {
    for (const op of ['Query.produtos', 'Query.auditoria', 'Query.emailsEnviados']) {
      const denied = await gql(as.dealer, base, SAMPLES[op]);
      expect(code(denied), op).toBe('FORBIDDEN');
      expect(denied.data, op).toBeNull();
      expect(denied.errors?.[0].message).toBe('Não é possível realizar a ação.');
      const allowed = await gql(as.admin, base, SAMPLES[op]);
      expect(allowed.errors, op).toBeUndefined();
    }
    expect(code(await gql(as.montadora, base, SAMPLES['Query.auditoria']))).toBe('FORBIDDEN');
  });

  it('serves portal properties signed out, over REST and GraphQL', async () => {
    const res = await fetch(`${base}/portalProperties`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Portal Rede Aurora',
      labelDealer: 'Concessionária',
      tiposUsuarioInformarGestao: [{ id: 'MONTADORA' }],
    });
    expect(body).not.toHaveProperty('id');
  });

  it('serves the web manifest from the portal properties: name, theme colour, icons, standalone', async () => {
    const res = await fetch(`${base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Portal Rede Aurora',
      display: 'standalone',
      start_url: '/home',
      theme_color: themePrimary('blueOcean'),
    });
    expect(manifest.icons).toContainEqual(expect.objectContaining({ src: '/favicon.svg', type: 'image/svg+xml' }));
  });

  it('health and readiness probes', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({
      status: 'ok',
      database: 'ok',
      jobs: 'ok',
      events: 'ok',
    });
  });

  it('usuarioLogado carries the signed-in user fields (docs/domains/users.md); keys follow access types', async () => {
    const res = await gql(
      as.admin,
      base,
      '{ usuarioLogado { nome avatarLink tipo { id } idioma { id } marcas { description } funcionalidades { chave } gruposUsuarios { nome } dadosComplementares { id } senhaGerenciadaPeloPortal } }',
    );
    const me = res.data.usuarioLogado;
    expect(me.tipo.id).toBe('TECSINAPSE');
    expect(me.marcas.map((m: any) => m.description)).toEqual(['Aurora', 'Boreal', 'Cometa']);
    // Every key of every product (the demo admin holds everything: 15 of the portal, 2 of CRM, 2 of Peças).
    expect(me.funcionalidades).toHaveLength(19);
    expect(me.senhaGerenciadaPeloPortal).toBe(true);
  });

  it('usuarioLogado names its brands from memory, anew at once after a rename on this instance', async () => {
    const brands = async () =>
      (await gql(as.admin, base, '{ usuarioLogado { marcas { id description } } }')).data.usuarioLogado.marcas;
    const before = await brands();
    const rename = (descricao: string) =>
      gql(as.admin, base, 'mutation ($id: ID, $d: String!) { salvarMarca(id: $id, marca: { descricao: $d }) { id } }', {
        id: before[0].id,
        d: descricao,
      });
    expect((await rename('Aurora Renomeada')).errors).toBeUndefined();
    try {
      expect((await brands()).map((m: any) => m.description)).toEqual(['Aurora Renomeada', 'Boreal', 'Cometa']);
    } finally {
      await rename(before[0].description);
    }
    expect(await brands()).toEqual(before);
  });

  it('menuUsuarioLogado filters the tree by the route table and the entries own keys', async () => {
    const titles = async (c: CookieClient) => {
      const res = await gql(
        c,
        base,
        '{ menuUsuarioLogado { menus { title uri children { uri children { uri } } } menusJson locales { id } linksExtras { label } } }',
      );
      const m = res.data.menuUsuarioLogado;
      expect(JSON.parse(m.menusJson)).toEqual(m.menus.map((n: any) => expect.objectContaining({ title: n.title })));
      expect(m.linksExtras.length).toBeGreaterThan(0);
      expect(m.locales.map((l: any) => l.id)).toEqual(['PT_BR', 'ES', 'EN']);
      return JSON.stringify(m.menus);
    };
    const admin = await titles(as.admin);
    const dealerMenu = await titles(as.dealer);
    const dealer2Menu = await titles(as.dealer2);
    expect(admin).toContain('/superAdmin');
    expect(admin).toContain('/usuarios');
    expect(dealerMenu).not.toContain('/usuarios');
    expect(dealerMenu).not.toContain('/superAdmin');
    expect(dealerMenu).not.toContain('Administração');
    expect(dealerMenu).toContain('https://crm-homolog.portal.demo/vendas/funil');
    expect(dealerMenu).not.toContain('/relatorios');
    expect(dealer2Menu).not.toContain('CRM Rede');
    expect(dealer2Menu).toContain('Novidades');
  });

  it('menuUsuarioLogado gives the extra links of the user menu the user may see, in their language', async () => {
    const db = portal.services.db;
    await db.insert(linkUsuario).values([
      {
        titulo: 'Só gestores',
        uri: 'https://gestao.portal.demo',
        externo: true,
        chaves: ['PORTAL_MANUTENCAO_USUARIOS'],
        ordem: 3,
      },
      { titulo: 'Lista de usuários', uri: '/usuarios', ordem: 9 },
    ]);
    portal.services.cache.invalidate(MENU_CACHE_KEY);
    const links = async (c: CookieClient) =>
      (await gql(c, base, '{ menuUsuarioLogado { linksExtras { label path external } } }')).data.menuUsuarioLogado
        .linksExtras;
    const dealerLinks = await links(as.dealer);
    expect(dealerLinks).toEqual([
      { label: 'Minhas notificações', path: '/notificacoes', external: false },
      { label: 'Política de privacidade', path: 'https://portal.demo/privacidade', external: true },
    ]);
    const adminLinks = await links(as.admin);
    expect(adminLinks.map((l: any) => l.label)).toEqual([
      'Minhas notificações',
      'Política de privacidade',
      'Só gestores',
      'Lista de usuários',
    ]);
    await db.delete(linkUsuario).where(inArray(linkUsuario.titulo, ['Só gestores', 'Lista de usuários']));
    portal.services.cache.invalidate(MENU_CACHE_KEY);
  });

  it('mudarLinguaUsuario switches the language (messages follow), only for oneself, audited', async () => {
    const client = (await signIn(base, 'aprovador@portal.demo', DEMO_PASSWORD)).client;
    const me = (await gql(client, base, '{ usuarioLogado { id } }')).data.usuarioLogado;
    const other = (await gql(as.dealer, base, '{ usuarioLogado { id } }')).data.usuarioLogado;
    const changed = await gql(
      client,
      base,
      'mutation($id: ID!) { mudarLinguaUsuario(id: $id, idioma: ES) { id nome idioma { id description } } }',
      { id: me.id },
    );
    expect(changed.data.mudarLinguaUsuario.idioma).toEqual({ id: 'ES', description: 'Español' });
    const denied = await gql(client, base, SAMPLES['Query.produtos']);
    expect(denied.errors?.[0].message).toBe(t('es', 'error.forbidden'));
    const foreign = await gql(client, base, 'mutation($id: ID!) { mudarLinguaUsuario(id: $id, idioma: EN) { id } }', {
      id: other.id,
    });
    expect(code(foreign)).toBe('NOT_FOUND');
    const bad = await gql(client, base, 'mutation($id: ID!) { mudarLinguaUsuario(id: $id, idioma: FR) { id } }', {
      id: me.id,
    });
    expect(code(bad)).toBe('GRAPHQL_VALIDATION_FAILED');
    const rows = await portal.services.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'usuario'), eq(auditoria.entidadeId, me.id)));
    expect(
      rows.some(
        (r) => r.acao === 'editar' && (r.depois as any)?.idioma === 'ES' && (r.antes as any)?.idioma === 'PT_BR',
      ),
    ).toBe(true);
    const trail = await gql(
      as.admin,
      base,
      'query($id: ID!) { auditoria(entidade: "usuario", entidadeId: $id) { totalElements content { acao usuario { email } depois } } }',
      { id: me.id },
    );
    expect(trail.data.auditoria.content[0]).toMatchObject({
      acao: 'editar',
      usuario: { email: 'aprovador@portal.demo' },
    });
    await gql(client, base, 'mutation($id: ID!) { mudarLinguaUsuario(id: $id, idioma: PT_BR) { id } }', { id: me.id });
  });

  it('onboarding: seen once per user per id; unknown ids are BAD_USER_INPUT', async () => {
    const seen = async (c: CookieClient) =>
      (await gql(c, base, SAMPLES['Query.currentUserOnboardingIsSeen'])).data.currentUserOnboardingIsSeen;
    expect(await seen(as.dealer)).toBe(false);
    expect(
      (await gql(as.dealer, base, SAMPLES['Mutation.setCurrentUserOnboardingSeen'])).data.setCurrentUserOnboardingSeen,
    ).toBe(true);
    expect((await gql(as.dealer, base, SAMPLES['Mutation.setCurrentUserOnboardingSeen'])).errors).toBeUndefined();
    expect(await seen(as.dealer)).toBe(true);
    expect(await seen(as.dealer2)).toBe(false);
    // As the frame asks (a variable): read with the session's statement (decision 0060), no statement of its own.
    const frame = 'query Frame($id: String!) { usuarioLogado { id } currentUserOnboardingIsSeen(id: $id) }';
    let answer: any;
    const statements = await statementsDuring(portal, async () => {
      answer = await gql(as.dealer, base, frame, { id: 'HOME' });
    });
    expect(answer.data.currentUserOnboardingIsSeen).toBe(true);
    expect(statements.filter((s) => s.includes('usuario_onboarding') && !s.includes('session_with_user'))).toEqual([]);
    expect(code(await gql(as.dealer, base, frame, { id: 'NOPE' }))).toBe('BAD_USER_INPUT');
    const bad = await gql(as.dealer, base, 'mutation { setCurrentUserOnboardingSeen(id: "NOPE") }');
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].extensions.fields).toEqual({ id: 'validation.invalid' });
  });

  it('alterarSenha applies the password rules, checks the current password, and the new one signs in', async () => {
    const client = as.dealer2;
    const change = (senhaAtual: string, novaSenha: string, confirmacao = novaSenha) =>
      gql(
        client,
        base,
        'mutation($a: String!, $n: String!, $c: String!) { alterarSenha(senhaAtual: $a, novaSenha: $n, confirmacao: $c) }',
        { a: senhaAtual, n: novaSenha, c: confirmacao },
      );
    const weak = await change(DEMO_PASSWORD, 'fraca');
    expect(code(weak)).toBe('BAD_USER_INPUT');
    expect(weak.errors?.[0].extensions.fields.novaSenha).toMatch(/^password\./);
    expect(code(await change(DEMO_PASSWORD, 'Nova@2027', 'Outra@2027'))).toBe('BAD_USER_INPUT');
    const wrong = await change('Errada@2026', 'Nova@2027');
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'Senha atual inválida.',
      extensions: { code: 'BAD_USER_INPUT', fields: { senhaAtual: 'error.invalidCurrentPassword' } },
    });
    expect((await change(DEMO_PASSWORD, 'Nova@2027')).data?.alterarSenha).toBe(true);
    expect((await signIn(base, 'dealer2@portal.demo', DEMO_PASSWORD)).status).toBe(401);
    const again = await signIn(base, 'dealer2@portal.demo', 'Nova@2027');
    expect(again.client.jar.has('portal_sid')).toBe(true);
    expect(
      (
        await gql(
          again.client,
          base,
          'mutation { alterarSenha(senhaAtual: "Nova@2027", novaSenha: "Portal@2026", confirmacao: "Portal@2026") }',
        )
      ).errors,
    ).toBeUndefined();
  });

  it('notifications: count, list and mark as seen', async () => {
    const me = (await gql(as.montadora, base, '{ usuarioLogado { id } }')).data.usuarioLogado;
    await createNotification(portal.services, { titulo: 'Nova', texto: '<p>x</p>', usuarioIds: [me.id] });
    const count = async () =>
      (await gql(as.montadora, base, '{ countNotificacoesNaoLidas }')).data.countNotificacoesNaoLidas;
    expect(await count()).toBe(2);
    const list = (await gql(as.montadora, base, '{ notificacoesMenu { titulo recente } }')).data.notificacoesMenu;
    expect(list[0]).toEqual({ titulo: 'Nova', recente: true });
    expect(
      (await gql(as.montadora, base, 'mutation { marcarNotificacoesComoVistas }')).data.marcarNotificacoesComoVistas,
    ).toBe(2);
    expect(await count()).toBe(0);
    expect((await gql(as.dealer, base, '{ countNotificacoesNaoLidas }')).data.countNotificacoesNaoLidas).toBe(1);
  });

  it('rejects abusive documents before any resolver runs: depth, aliases, cost', async () => {
    const deep = `{ usuarioLogado { funcionalidades { produto { tiposAcesso { produto { tiposAcesso { produto { tiposAcesso { produto { tiposAcesso { id } } } } } } } } } } }`;
    expect((await gql(as.dealer, base, deep)).status).toBe(400);
    const aliases = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: ping`).join(' ')} }`;
    const manyAliases = await gql(as.dealer, base, aliases);
    expect(code(manyAliases)).toBe('QUERY_TOO_COMPLEX');
    const costly =
      '{ produtos { tiposAcesso { funcionalidadesPadrao { produto { tiposAcesso { funcionalidadesPadrao { id chave nome } } } } } } }';
    expect(code(await gql(as.admin, base, costly))).toBe('QUERY_TOO_COMPLEX');
  });

  it('answers a batch (an array body) operation by operation, each guarded; refuses more than 10 at once', async () => {
    const post = (body: unknown) =>
      as.dealer.fetch(`${base}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(base).origin },
        body: JSON.stringify(body),
      });
    const batch = await post([
      { query: '{ usuarioLogado { email } }' },
      { query: '{ ping }' },
      { query: '{ produtos { id } }' },
    ]);
    expect(batch.status).toBe(200);
    const [user, ping, denied] = (await batch.json()) as Array<{ data: any; errors?: any[] }>;
    expect(user.data.usuarioLogado.email).toBe('dealer@portal.demo');
    expect(ping.data.ping).toBeTruthy();
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const tooMany = await post(Array.from({ length: 11 }, () => ({ query: '{ ping }' })));
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { errors: any[] }).errors[0].extensions.code).toBe('BAD_REQUEST');
    expect((await post([])).status).toBe(400);
  });

  it('masks internal errors: no stack, no SQL, a translated message', () => {
    const err = new GraphQLError('boom', { originalError: new Error('relation "x" does not exist at /src/db.ts:1') });
    const logged: object[] = [];
    const out = formatError(err, 'en', (o) => logged.push(o));
    expect(out).toEqual({
      message: t('en', 'error.internal'),
      path: undefined,
      extensions: { code: 'INTERNAL_SERVER_ERROR', messageKey: 'error.internal' },
    });
    expect(logged).toHaveLength(1);
  });

  it('inactivating a dealer group inactivates its dealers and users, audited, effective at once', async () => {
    const db = portal.services.db;
    const [litoral] = await db.select().from(grupo).where(eq(grupo.nome, 'Grupo Litoral'));
    const client = (await signIn(base, 'dealer2@portal.demo', DEMO_PASSWORD)).client;
    const result = await inativarGrupo(systemContext(portal.services), { grupoId: litoral.id });
    expect(result.dealers).toHaveLength(3);
    expect(result.usuarios).toHaveLength(1);
    const dealers = await db.select().from(dealer).where(eq(dealer.grupoId, litoral.id));
    expect(dealers.every((d) => !d.active)).toBe(true);
    const [u] = await db.select().from(usuario).where(eq(usuario.email, 'dealer2@portal.demo'));
    expect(u.active).toBe(false);
    expect(code(await gql(client, base, '{ usuarioLogado { id } }'))).toBe('UNAUTHENTICATED');
    const audits = await db.select().from(auditoria).where(eq(auditoria.acao, 'inativar'));
    expect(audits.map((a) => a.entidade).sort()).toEqual(['dealer', 'dealer', 'dealer', 'grupo', 'usuario']);
    const [horizonte] = await db.select().from(grupo).where(eq(grupo.nome, 'Grupo Horizonte'));
    expect(horizonte.active).toBe(true);
  });
});

describe('production mode', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({
      env: { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), DEMO_SEED: 'true' },
    });
  });
  afterAll(() => portal?.stop());

  it('has no introspection and no GraphiQL', async () => {
    const client = (await signIn(portal.baseUrl, 'admin@portal.demo', DEMO_PASSWORD)).client;
    const res = await gql(client, portal.baseUrl, '{ __schema { types { name } } }');
    expect(res.status).toBe(400);
    expect(res.data).toBeNull();
    // Without GraphiQL the path is just an unknown page of the web app (or 404 without a build).
    expect(await (await fetch(`${portal.baseUrl}/graphiql`)).text()).not.toMatch(/graphiql/i);
  });
});
