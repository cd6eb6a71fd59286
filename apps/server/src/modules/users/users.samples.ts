/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.usuarioLogado': '{ usuarioLogado { id } }',
  'Query.currentUserOnboardingIsSeen': '{ currentUserOnboardingIsSeen(id: "HOME") }',
  'Mutation.mudarLinguaUsuario':
    'mutation { mudarLinguaUsuario(id: "00000000-0000-0000-0000-000000000000", idioma: ES) { id } }',
  'Mutation.setCurrentUserOnboardingSeen': 'mutation { setCurrentUserOnboardingSeen(id: "HOME") }',
  'Mutation.alterarSenha': 'mutation { alterarSenha(senhaAtual: "x", novaSenha: "y", confirmacao: "y") }',
  'Query.usuarios': '{ usuarios(busca: "a") { totalElements content { id nome editavel } } }',
  'Query.usuario': '{ usuario(id: "00000000-0000-0000-0000-000000000000") { id nome } }',
  'Query.usuarioDominioQuery': '{ usuarioDominioQuery { tiposUsuario { id } dealers { id } grupos { id } } }',
  'Query.cargos': '{ cargos(cargosPrincipais: true) { id nome } }',
  'Query.podeAdicionarCargo':
    '{ podeAdicionarCargo(cargoId: "00000000-0000-0000-0000-000000000000", tipoUsuario: DEALER_GRUPO) }',
  'Query.infoUsuario': '{ infoUsuario(usuarioId: "00000000-0000-0000-0000-000000000000") { dataAdmissao } }',
  'Query.usuarioByCpf': '{ usuarioByCpf(cpf: "529.982.247-25") { id } }',
  'Query.usuarioByEmail': '{ usuarioByEmail(email: "admin@portal.demo") { id nome } }',
  'Query.desligamentos': '{ desligamentos { id motivo } }',
  'Query.departamentosCargosUsuarios': '{ departamentosCargosUsuarios { id nome } }',
  'Query.usuariosPortalProperties': '{ usuariosPortalProperties { tiposUsuarioInformarCargo { id } } }',
  'Query.produtosByDealersAndTipoUsuario':
    '{ produtosByDealersAndTipoUsuario(tipoUsuario: MONTADORA) { id nome idsTiposAcessoConcediveis } }',
  'Query.usuariosByTipoUsuario': '{ usuariosByTipoUsuario(tipo: MONTADORA) { id nome } }',
  'Mutation.salvarUsuario':
    'mutation { salvarUsuario(usuario: { nome: "Novo", email: "novo@x.demo", tipo: MONTADORA }) { id } }',
  'Mutation.ativarUsuario': 'mutation { ativarUsuario(id: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.inativarUsuario': 'mutation { inativarUsuario(id: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.alterarAtivacaoEspecial':
    'mutation { alterarAtivacaoEspecial(id: "00000000-0000-0000-0000-000000000000", ativacaoEspecial: true) { id } }',
  'Mutation.sincronizarUsuarios': 'mutation { sincronizarUsuarios { alteracoes itens { tipo quantidade } } }',
  'Mutation.sincronizarIdentityProvider':
    'mutation { sincronizarIdentityProvider(emailUsuario: "leitor@portal.demo") { alteracoes itens { tipo quantidade } } }',
};
