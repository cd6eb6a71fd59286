/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.grupos': '{ grupos(busca: "a") { totalElements content { id nome } } }',
  'Query.grupo':
    '{ grupo(id: "00000000-0000-4000-8000-000000000000") { id nome dealers { totalElements } usuarios { totalElements } } }',
  'Query.resumoInativacaoGrupo':
    '{ resumoInativacaoGrupo(id: "00000000-0000-4000-8000-000000000000") { dealers usuarios } }',
  'Mutation.salvarGrupo': 'mutation { salvarGrupo(grupo: { nome: "Novo grupo" }) { id } }',
  'Mutation.inativarGrupo':
    'mutation { inativarGrupo(id: "00000000-0000-4000-8000-000000000000") { dealers usuarios } }',
  'Query.previaImportarGrupoUsuarios':
    '{ previaImportarGrupoUsuarios(input: { grupoOrigemId: "00000000-0000-4000-8000-000000000000", grupoDestinoId: "00000000-0000-4000-8000-000000000001" }) { dealers usuarios } }',
  'Mutation.importarGrupoUsuarios':
    'mutation { importarGrupoUsuarios(input: { grupoOrigemId: "00000000-0000-4000-8000-000000000000", grupoDestinoId: "00000000-0000-4000-8000-000000000001" }) { dealers usuarios } }',
  'Mutation.ativarGrupo': 'mutation { ativarGrupo(id: "00000000-0000-4000-8000-000000000000") { id } }',
  'Mutation.sincronizarGrupos': 'mutation { sincronizarGrupos { alteracoes itens { tipo quantidade } } }',
};
