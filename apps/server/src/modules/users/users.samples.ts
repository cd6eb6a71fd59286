/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.usuarioLogado': '{ usuarioLogado { id } }',
  'Query.currentUserOnboardingIsSeen': '{ currentUserOnboardingIsSeen(id: "HOME") }',
  'Mutation.mudarLinguaUsuario':
    'mutation { mudarLinguaUsuario(id: "00000000-0000-0000-0000-000000000000", idioma: ES) { id } }',
  'Mutation.setCurrentUserOnboardingSeen': 'mutation { setCurrentUserOnboardingSeen(id: "HOME") }',
  'Mutation.alterarSenha': 'mutation { alterarSenha(senhaAtual: "x", novaSenha: "y", confirmacao: "y") }',
};
