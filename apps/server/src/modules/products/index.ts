import type { PortalModule } from '../../platform/module.js';
import { loaders } from './products.loaders.js';
import { guards, resolvers } from './products.resolvers.js';
import { samples } from './products.samples.js';
import { productsSeed } from './products.seed.js';
import { watchProductChanges } from './products.service.js';

/** Products, their access types and features (the catalogue of feature keys). */
export const productsModule: PortalModule = {
  name: 'products',
  sdl: new URL('./products.graphql', import.meta.url),
  resolvers,
  guards,
  loaders,
  samples,
  async jobs({ services, onClose }) {
    onClose(watchProductChanges(services));
  },
  seed: productsSeed,
  mappers: {
    Produto: './products.mappers.js#ProdutoRow',
    TipoAcesso: './products.mappers.js#TipoAcessoRow',
    Funcionalidade: './products.mappers.js#FuncionalidadeRow',
    DadoComplementar: './products.mappers.js#DadoComplementarRow',
  },
};
