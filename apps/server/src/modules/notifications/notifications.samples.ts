/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.notificacoesMenu': '{ notificacoesMenu { id } }',
  'Query.countNotificacoesNaoLidas': '{ countNotificacoesNaoLidas }',
  'Query.notificacoes': '{ notificacoes(page: 0, rowsPerPage: 10) { totalElements content { id } } }',
  'Mutation.marcarNotificacoesComoVistas': 'mutation { marcarNotificacoesComoVistas }',
  'Mutation.marcarTodasNotificacoesComoLidas': 'mutation { marcarTodasNotificacoesComoLidas }',
  'Mutation.marcarNotificacaoComoLida':
    'mutation { marcarNotificacaoComoLida(id: "00000000-0000-0000-0000-000000000000") { id lida } }',
  'Mutation.enviarNotificacaoGenerica':
    'mutation { enviarNotificacaoGenerica(notificacao: { titulo: "t", texto: "x", idsUsuarios: [] }) }',
};
