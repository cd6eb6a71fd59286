/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.pasta': '{ pasta(idPasta: "00000000-0000-0000-0000-000000000000") { id } }',
  'Query.itemsPorPasta': '{ itemsPorPasta { id } }',
  'Query.itemsPorPastaPaged': '{ itemsPorPastaPaged { totalElements } }',
  'Query.arquivo': '{ arquivo(idArquivo: "00000000-0000-0000-0000-000000000000") { id } }',
  'Query.linkDownloadByArquivo': '{ linkDownloadByArquivo(idArquivo: "00000000-0000-0000-0000-000000000000") }',
  'Query.buscaBiblioteca': '{ buscaBiblioteca(texto: "a") { id } }',
  'Query.buscaBibliotecaPaged': '{ buscaBibliotecaPaged(filterInput: { busca: "a" }) { totalElements } }',
  'Query.pastasComPermissaoEscrita': '{ pastasComPermissaoEscrita { id } }',
  'Query.pastasDestino': '{ pastasDestino { temSubpastas pasta { id } } }',
  'Query.arquivosComMesmoNome':
    '{ arquivosComMesmoNome(idPasta: "00000000-0000-0000-0000-000000000000", nomes: ["a.pdf"]) }',
  'Query.contagemConteudoBiblioteca':
    '{ contagemConteudoBiblioteca(ids: ["00000000-0000-0000-0000-000000000000"]) { arquivos pastas } }',
  'Query.ultimosModificados': '{ ultimosModificados { id } }',
  'Query.lixeiraBiblioteca': '{ lixeiraBiblioteca { totalElements content { id } } }',
  'Query.versoesItemBiblioteca': '{ versoesItemBiblioteca(idItem: "00000000-0000-0000-0000-000000000000") { numero } }',
  'Mutation.excluirItemBiblioteca':
    'mutation { excluirItemBiblioteca(idItem: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.excluirItem': 'mutation { excluirItem(idItem: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.gerarLinkDownloadByItemBiblioteca':
    'mutation { gerarLinkDownloadByItemBiblioteca(id: "00000000-0000-0000-0000-000000000000") }',
  'Mutation.renomearItemBiblioteca':
    'mutation { renomearItemBiblioteca(idItemBiblioteca: "00000000-0000-0000-0000-000000000000", novoNome: "x") { id } }',
  'Mutation.renomearItem':
    'mutation { renomearItem(idItemBiblioteca: "00000000-0000-0000-0000-000000000000", novoNome: "x") { id } }',
  'Mutation.uploadArquivos':
    'mutation { uploadArquivos(arquivos: [{ idArquivo: "00000000-0000-0000-0000-000000000000", idPastaPai: "00000000-0000-0000-0000-000000000000" }]) { id } }',
  'Mutation.concederAcesso':
    'mutation { concederAcesso(novasPermissoes: { idPasta: "00000000-0000-0000-0000-000000000000" }) { id } }',
  'Mutation.moverItemBiblioteca':
    'mutation { moverItemBiblioteca(idItemBiblioteca: "00000000-0000-0000-0000-000000000000", idNovaLocalizacao: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.restaurarItemBiblioteca':
    'mutation { restaurarItemBiblioteca(idItem: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.esvaziarLixeiraBiblioteca':
    'mutation { esvaziarLixeiraBiblioteca(ids: ["00000000-0000-0000-0000-000000000000"]) }',
  'Mutation.substituirArquivoBiblioteca':
    'mutation { substituirArquivoBiblioteca(idItem: "00000000-0000-0000-0000-000000000000", idArquivo: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.restaurarVersaoItemBiblioteca':
    'mutation { restaurarVersaoItemBiblioteca(idItem: "00000000-0000-0000-0000-000000000000", numero: 1) { id } }',
  'Mutation.gerarLinkDownloadVersaoBiblioteca':
    'mutation { gerarLinkDownloadVersaoBiblioteca(idItem: "00000000-0000-0000-0000-000000000000", numero: 1) }',
  'Mutation.criarNovaPasta': 'mutation { criarNovaPasta(novaPasta: { nome: "x", idsGrupoAcesso: [] }) { id } }',
};
