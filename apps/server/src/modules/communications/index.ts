import type { PortalModule } from '../../platform/module.js';
import { startCommunicationJobs } from './communications.jobs.js';
import { guards, loaders, resolvers } from './communications.resolvers.js';
import { registerCommunicationRoutes } from './communications.routes.js';
import { samples } from './communications.samples.js';

/** Communications: editor, approval, scheduled fan-out, deliveries, reads dashboard and export. */
export const communicationsModule: PortalModule = {
  name: 'communications',
  sdl: new URL('./communications.graphql', import.meta.url),
  resolvers,
  guards,
  loaders,
  samples,
  mappers: {
    Comunicado: './communications.queries.js#ComunicadoRow',
    ComunicadoEnvio: './communications.queries.js#EnvioRow',
    LeituraDestinatario: './communications.queries.js#LeituraRow',
  },
  routes: registerCommunicationRoutes,
  jobs: startCommunicationJobs,
};
