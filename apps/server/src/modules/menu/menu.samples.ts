/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.menuUsuarioLogado': '{ menuUsuarioLogado { title menus { title } } }',
  'Query.menusAdministracao': '{ menusAdministracao(busca: "a") { totalElements content { id titulo } } }',
  'Query.menuAdministracao': '{ menuAdministracao(id: "00000000-0000-4000-8000-000000000000") { id titulo } }',
  'Query.opcoesMenuAdministracao': '{ opcoesMenuAdministracao { produtos { id } pais { id } } }',
  'Mutation.salvarMenu':
    'mutation { salvarMenu(menu: { titulo: "Novo", ordem: 1, externo: false, chaves: [], tipos: [] }) { id } }',
  'Mutation.ativarMenu': 'mutation { ativarMenu(id: "00000000-0000-4000-8000-000000000000") { id } }',
  'Mutation.inativarMenu': 'mutation { inativarMenu(id: "00000000-0000-4000-8000-000000000000") { id } }',
};
