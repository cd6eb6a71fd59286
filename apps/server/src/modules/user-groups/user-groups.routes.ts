import { isAllowed, LOCALE_BY_IDIOMA } from '@portal/domain';
import { t } from '@portal/i18n';
import { AppError } from '../../platform/errors.js';
import { logRouteDenial } from '../../platform/http/denials.js';
import type { RouteContext } from '../../platform/module.js';
import { sendXlsx } from '../../platform/xlsx.js';
import { allUserGroups, type UserGroupFilter } from './user-groups.queries.js';

/** The list's filter from the export's query string (the same names as `gruposUsuarios`' arguments). */
function filterOf(query: Record<string, string | undefined>): UserGroupFilter {
  const visibilidade = query.visibilidade === 'PUBLICO' || query.visibilidade === 'PRIVADO' ? query.visibilidade : null;
  return {
    busca: query.busca ?? null,
    active: query.active === 'true' ? true : query.active === 'false' ? false : null,
    visibilidade,
    ordenacao: query.ordenacao ?? null,
  };
}

/**
 * REST routes of user groups: `GET /api/gruposUsuarios.xlsx?busca=&active=&visibilidade=&ordenacao=`
 * streams every user group of the list's filter that the viewer may see, in the list's order
 * (`sendXlsx`, formula-like cells neutralised). Same guard as the list: signed in (else 401) with
 * PORTAL_MANUTENCAO_GRUPOS_USUARIOS (else 403); a bad sort is 400.
 */
export function registerUserGroupRoutes({ app, services, authenticate }: RouteContext) {
  app.get('/api/gruposUsuarios.xlsx', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) {
      logRouteDenial(request, 'UNAUTHENTICATED', null);
      return reply.code(401).send({ error: 'UNAUTHENTICATED' });
    }
    if (!isAllowed(auth.user, { keys: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'] })) {
      logRouteDenial(request, 'FORBIDDEN', auth.user.id);
      return reply.code(403).send({ error: 'FORBIDDEN' });
    }
    let rows: Awaited<ReturnType<typeof allUserGroups>>;
    try {
      rows = await allUserGroups(services.db, auth.user, filterOf(request.query as Record<string, string | undefined>));
    } catch (error) {
      if (error instanceof AppError) return reply.code(400).send({ error: error.code, fields: error.fields });
      throw error;
    }
    const locale = LOCALE_BY_IDIOMA[auth.user.idioma];
    await sendXlsx(reply, {
      fileName: t(locale, 'userGroupsApi.file'),
      sheetName: t(locale, 'userGroupsApi.sheet'),
      header: ['name', 'visibility', 'status', 'users', 'createdAt'].map((k) => t(locale, `userGroupsApi.column.${k}`)),
      rows: rows.map((row) => [
        row.nome,
        t(locale, row.publico ? 'userGroupsApi.PUBLICO' : 'userGroupsApi.PRIVADO'),
        t(locale, row.active ? 'userGroupsApi.active' : 'userGroupsApi.inactive'),
        row.quantidade_usuarios,
        new Date(row.created_at),
      ]),
    });
  });
}
