import { t } from '@portal/i18n';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import { productCatalogue } from '../products/products.queries.js';
import { type AdminScope, type AdminUserRow, usersByIdsInScope } from './users.list.js';

const isoOf = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Users as the administration shows them (the Usuario type): types and languages in the viewer's language,
 * access types and features from the product catalogue (rows that the products loaders complete), `editavel`
 * false for a viewer without PORTAL_MANUTENCAO_USUARIOS.
 */
export async function toUsuarios(ctx: GraphQLContext, list: AdminUserRow[]) {
  if (!list.length) return [];
  const catalogue = await productCatalogue(ctx.services.db);
  const locale = ctx.locale;
  // A read-only viewer (PORTAL_CONSULTA_VISUALIZACAO_USUARIOS) edits nobody.
  const maintains = ctx.user?.chaves.includes('PORTAL_MANUTENCAO_USUARIOS') ?? false;
  return list.map((u) => {
    const funcionalidades = catalogue.funcionalidades.filter((f) => u.funcionalidades.includes(f.id));
    return {
      id: u.id,
      nome: u.nome,
      email: u.email,
      keycloakId: u.keycloak_id,
      active: u.active,
      especial: u.especial,
      ativacaoEspecial: u.ativacao_especial,
      cpf: u.cpf,
      telefones: u.telefones,
      celulares: u.celulares,
      codigos: u.codigos,
      tipo: { id: u.tipo, description: t(locale, `userType.${u.tipo}`) },
      idioma: { id: u.idioma, description: t(locale, `idioma.${u.idioma}`) },
      marcas: u.marcas,
      grupos: u.grupos,
      dealers: u.dealers,
      tiposAcesso: catalogue.tipos.filter((a) => u.tipos_acesso.includes(a.id)),
      funcionalidades,
      dadosComplementares: u.dados.map((d) => ({
        ...d,
        funcionalidades: funcionalidades.filter((f) => d.produtoId && f.produtoId === d.produtoId),
      })),
      gruposUsuarios: u.grupos_usuarios,
      ultimoAcesso: isoOf(u.ultimo_acesso),
      createdDateTime: isoOf(u.created_at) as string,
      editavel: maintains && u.editavel,
    };
  });
}

/** One user the administrator sees, or null. */
export async function usuarioById(ctx: GraphQLContext, scope: AdminScope, id: string) {
  const [row] = await usersByIdsInScope(ctx.services.db, scope, [id]);
  return row ? (await toUsuarios(ctx, [row]))[0] : null;
}
