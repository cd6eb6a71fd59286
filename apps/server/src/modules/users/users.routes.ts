import { isAllowed, LOCALE_BY_IDIOMA, USER_TYPES, type UserType } from '@portal/domain';
import { t } from '@portal/i18n';
import { logRouteDenial } from '../../platform/http/denials.js';
import type { RouteContext } from '../../platform/module.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { cachedPortalProperties, portalLabels } from '../portal/portal.queries.js';
import { type AdminUserRow, adminScope, type UserFilter, userIdsForExport, usersByIdsInScope } from './users.list.js';

const COLUMNS = ['nome', 'email', 'cpf', 'tipo', 'dealers', 'grupos', 'ultimoAcesso', 'active', 'ativacaoEspecial'];

const bool = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : null);

/** The list's filter from the query string: the same names as the `usuarios` query's arguments. */
function filterOf(query: Record<string, string | undefined>): UserFilter {
  const days = query.ultimoAcessoDias ? Number(query.ultimoAcessoDias) : null;
  return {
    busca: query.busca || null,
    tipo: USER_TYPES.includes(query.tipo as UserType) ? (query.tipo as UserType) : null,
    dealerId: query.dealerId || null,
    grupoId: query.grupoId || null,
    marcaId: query.marcaId || null,
    grupoUsuariosId: query.grupoUsuariosId || null,
    active: bool(query.active),
    ativacaoEspecial: bool(query.ativacaoEspecial),
    ultimoAcessoDias: days,
    ordenacao: query.ordenacao || null,
  };
}

/**
 * REST route of users: `GET /api/usuarios.xlsx?busca=&tipo=&dealerId=&grupoId=&marcaId=&grupoUsuariosId=&active=
 * &ativacaoEspecial=&ultimoAcessoDias=&ordenacao=`, every user the list's filter shows in the administrator's
 * scope, in its order, streamed as .xlsx. Same guard as the list (PORTAL_MANUTENCAO_USUARIOS or
 * PORTAL_CONSULTA_VISUALIZACAO_USUARIOS): 401 signed out, 403 without it, 400 for a bad filter.
 */
export function registerUserRoutes({ app, services, authenticate }: RouteContext) {
  app.get('/api/usuarios.xlsx', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) {
      logRouteDenial(request, 'UNAUTHENTICATED', null);
      return reply.code(401).send({ error: 'UNAUTHENTICATED' });
    }
    if (!isAllowed(auth.user, { keys: ['PORTAL_MANUTENCAO_USUARIOS', 'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'] })) {
      logRouteDenial(request, 'FORBIDDEN', auth.user.id);
      return reply.code(403).send({ error: 'FORBIDDEN' });
    }
    const scope = await adminScope(services.db, auth.user);
    const batches = userIdsForExport(
      services.db,
      scope,
      filterOf(request.query as Record<string, string | undefined>),
      services.clock.now(),
    );
    // The first batch is read before the answer starts, so a bad filter is still a 400.
    let first: IteratorResult<string[]>;
    try {
      first = await batches.next();
    } catch (err) {
      if ((err as { code?: string }).code === 'BAD_USER_INPUT')
        return reply.code(400).send({ error: 'BAD_USER_INPUT' });
      throw err;
    }
    const locale = LOCALE_BY_IDIOMA[auth.user.idioma];
    const labels = portalLabels(await cachedPortalProperties(services.cache, services.db), locale);
    const label = t(locale, 'usersApi.fileName');
    async function* all(): AsyncGenerator<AdminUserRow> {
      if (first.done) return;
      yield* await usersByIdsInScope(services.db, scope, first.value);
      for await (const ids of batches) yield* await usersByIdsInScope(services.db, scope, ids);
    }
    async function* cells() {
      for await (const u of all())
        yield [
          u.nome,
          u.email,
          u.cpf,
          t(locale, `userType.${u.tipo}`),
          u.dealers.map((d) => d.nomeExibicao).join(', '),
          u.grupos.map((g) => g.nome).join(', '),
          u.ultimo_acesso ? new Date(u.ultimo_acesso) : null,
          t(locale, u.active ? 'usersApi.active' : 'usersApi.inactive'),
          t(locale, u.ativacao_especial ? 'usersApi.yes' : 'usersApi.no'),
        ];
    }
    await sendXlsx(reply, {
      fileName: label,
      sheetName: label.slice(0, 31),
      header: COLUMNS.map((k) => t(locale, `usersApi.column.${k}`, labels)),
      rows: cells(),
    });
  });
}
