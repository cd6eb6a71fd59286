/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
const ID = '00000000-0000-4000-8000-000000000000';

export const samples: Record<string, string> = {
  'Query.gruposUsuariosAtivos': '{ gruposUsuariosAtivos { id active nome } }',
  'Query.gruposUsuarios': '{ gruposUsuarios(busca: "a") { totalElements content { id nome publico } } }',
  'Query.grupoUsuarios': `{ grupoUsuarios(id: "${ID}") { id nome } }`,
  'Query.usuariosPorGrupoUsuarios': `{ usuariosPorGrupoUsuarios(id: "${ID}") { totalElements content { id email } } }`,
  'Query.pessoasGrupoUsuarios': `{ pessoasGrupoUsuarios(id: "${ID}") { totalElements content { id email } } }`,
  'Query.usuariosParaGrupoUsuarios': `{ usuariosParaGrupoUsuarios(id: "${ID}", busca: "a") { id email } }`,
  'Mutation.salvarGrupoUsuarios': 'mutation { salvarGrupoUsuarios(grupo: { nome: "Novo", publico: false }) { id } }',
  'Mutation.adicionarUsuariosGrupoUsuarios': `mutation { adicionarUsuariosGrupoUsuarios(id: "${ID}", idsUsuarios: ["${ID}"]) { id } }`,
  'Mutation.removerUsuarioGrupoUsuarios': `mutation { removerUsuarioGrupoUsuarios(id: "${ID}", idUsuario: "${ID}") { id } }`,
  'Mutation.ativarGrupoUsuarios': `mutation { ativarGrupoUsuarios(id: "${ID}") { id } }`,
  'Mutation.inativarGrupoUsuarios': `mutation { inativarGrupoUsuarios(id: "${ID}") { id } }`,
};
