import type { PortalModule } from '../../platform/module.js';
import { confirmationGuards, confirmationResolvers, confirmationSamples } from './communications.confirmation.js';
import { historyLoaders, historyResolvers } from './communications.history.resolvers.js';
import { startCommunicationJobs } from './communications.jobs.js';
import { recentEnviosSessionRead } from './communications.queries.js';
import { reminderGuards, reminderResolvers, reminderSamples, startReminderJobs } from './communications.reminders.js';
import { guards, loaders, resolvers } from './communications.resolvers.js';
import { registerCommunicationRoutes } from './communications.routes.js';
import { samples } from './communications.samples.js';

/** Communications: editor, approval, scheduled fan-out, deliveries, reads dashboard and export. */
export const communicationsModule: PortalModule = {
  name: 'communications',
  sdl: [
    new URL('./communications.graphql', import.meta.url),
    new URL('./communications-confirmation.graphql', import.meta.url),
    new URL('./communications-reminders.graphql', import.meta.url),
    new URL('./communications.history.graphql', import.meta.url),
  ],
  // The read confirmation and the reminders (issue 17 points 4 and 5), the history and the language versions
  // (points 2 and 6) live in their own files.
  resolvers: {
    ...resolvers,
    ...reminderResolvers,
    ...historyResolvers,
    Query: { ...resolvers.Query, ...confirmationResolvers.Query },
    Mutation: { ...resolvers.Mutation, ...confirmationResolvers.Mutation, ...reminderResolvers.Mutation },
    Comunicado: { ...resolvers.Comunicado, ...confirmationResolvers.Comunicado, ...historyResolvers.Comunicado },
    ComunicadoEnvio: { ...resolvers.ComunicadoEnvio, ...confirmationResolvers.ComunicadoEnvio },
    LeituraDestinatario: { ...resolvers.LeituraDestinatario, ...confirmationResolvers.LeituraDestinatario },
  },
  guards: {
    Query: { ...guards.Query, ...confirmationGuards.Query },
    Mutation: { ...guards.Mutation, ...confirmationGuards.Mutation, ...reminderGuards.Mutation },
  },
  loaders: { ...loaders, Comunicado: { ...loaders.Comunicado, ...historyLoaders.Comunicado } },
  samples: { ...samples, ...confirmationSamples, ...reminderSamples },
  // /home's card of recent deliveries comes with the request's user (every /home load asks).
  sessionReads: { comunicadoEnviosRecentes: recentEnviosSessionRead },
  mappers: {
    Comunicado: './communications.queries.js#ComunicadoRow',
    ComunicadoEnvio: './communications.queries.js#EnvioRow',
    LeituraDestinatario: './communications.queries.js#LeituraRow',
    LembreteComunicado: './communications.reminders.js#LembreteRow',
    EventoHistoricoComunicado: './communications.history.js#HistoryRow',
  },
  routes: registerCommunicationRoutes,
  jobs: async (context) => {
    await startCommunicationJobs(context);
    await startReminderJobs(context);
  },
};
