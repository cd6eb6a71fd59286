/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
const ID = '00000000-0000-4000-8000-000000000000';
const WINDOW = `inicioDate: "2099-01-01", fimDate: "2099-01-31", arquivoId: "${ID}", grupos: ["${ID}"]`;

export const samples: Record<string, string> = {
  'Query.slidesAtivos': '{ slidesAtivos { id titulo emExibicao } }',
  'Query.anuncioAleatorio': '{ anuncioAleatorio { id titulo } }',
  'Query.slides': '{ slides(busca: "a") { totalElements content { id status } } }',
  'Query.slide': `{ slide(id: "${ID}") { id } }`,
  'Query.anuncios': '{ anuncios(status: EM_EXIBICAO) { totalElements content { id } } }',
  'Query.anuncio': `{ anuncio(id: "${ID}") { id } }`,
  'Mutation.salvarSlide': `mutation { salvarSlide(slide: { titulo: "Novo", ${WINDOW} }) { id } }`,
  'Mutation.ativarSlide': `mutation { ativarSlide(id: "${ID}") { id } }`,
  'Mutation.inativarSlide': `mutation { inativarSlide(id: "${ID}") { id } }`,
  'Mutation.salvarAnuncio': `mutation { salvarAnuncio(anuncio: { titulo: "Novo", ${WINDOW} }) { id } }`,
  'Mutation.ativarAnuncio': `mutation { ativarAnuncio(id: "${ID}") { id } }`,
  'Mutation.inativarAnuncio': `mutation { inativarAnuncio(id: "${ID}") { id } }`,
};
