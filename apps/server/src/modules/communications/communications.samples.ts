/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.comunicados': '{ comunicados { totalElements } }',
  'Query.contagemComunicadosAAprovar': '{ contagemComunicadosAAprovar }',
  'Query.comunicado': '{ comunicado(id: "00000000-0000-0000-0000-000000000000") { id } }',
  'Query.comunicadoEnvios': '{ comunicadoEnvios(aba: RECEBIDOS) { totalElements } }',
  'Query.comunicadoEnvio': '{ comunicadoEnvio(idComunicado: "00000000-0000-0000-0000-000000000000") { id } }',
  'Query.comunicadoEnviosRecentes': '{ comunicadoEnviosRecentes { id } }',
  'Query.contagemDestinatarios': '{ contagemDestinatarios(audiencia: {}) { total } }',
  'Query.usuariosAudiencia': '{ usuariosAudiencia(audiencia: {}, busca: "a") { id } }',
  'Query.aprovadoresComunicado': '{ aprovadoresComunicado { id } }',
  'Query.departamentosComunicados': '{ departamentosComunicados { id } }',
  'Query.gruposComunicado': '{ gruposComunicado { id } }',
  'Query.dashboardComunicado': '{ dashboardComunicado(id: "00000000-0000-0000-0000-000000000000") { lidos } }',
  'Query.leiturasComunicado': '{ leiturasComunicado(id: "00000000-0000-0000-0000-000000000000") { totalElements } }',
  'Mutation.salvarComunicado':
    'mutation { salvarComunicado(comunicado: { titulo: "t", mensagem: "<p>x</p>" }) { id } }',
  'Mutation.enviarParaAprovacao':
    'mutation { enviarParaAprovacao(id: "00000000-0000-0000-0000-000000000000", aprovadorId: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.aprovarComunicado': 'mutation { aprovarComunicado(id: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.rejeitarComunicado':
    'mutation { rejeitarComunicado(id: "00000000-0000-0000-0000-000000000000", motivoRejeicao: "x") { id } }',
  'Mutation.enviarComunicado': 'mutation { enviarComunicado(id: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.arquivarComunicado': 'mutation { arquivarComunicado(id: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.desarquivarComunicado':
    'mutation { desarquivarComunicado(id: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.criarErrata':
    'mutation { criarErrata(idOriginal: "00000000-0000-0000-0000-000000000000", justificativa: "x", comunicado: { titulo: "t", mensagem: "<p>x</p>" }) { id } }',
  'Mutation.marcarEnvioComoLido':
    'mutation { marcarEnvioComoLido(idComunicado: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.favoritarEnvio':
    'mutation { favoritarEnvio(idComunicado: "00000000-0000-0000-0000-000000000000", favorito: true) { id } }',
  'Mutation.arquivarEnvio':
    'mutation { arquivarEnvio(idComunicado: "00000000-0000-0000-0000-000000000000", arquivado: true) { id } }',
};
