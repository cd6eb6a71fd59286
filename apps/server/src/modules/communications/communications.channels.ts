/** The communications' notification channels (platform events, every instance): published by the actions, heard by the live streams. */

/** Channel announcing reads of a communication (payload { comunicadoId }): the dashboard's live updates. */
export const READS_CHANNEL = 'portal_comunicado_leituras';
/**
 * Channel announcing that an approver's to-approve count may have changed (payload { usuarioId }): a submission to
 * them, or their approval or rejection (decision 0032).
 */
export const APPROVALS_CHANNEL = 'portal_comunicado_aprovacoes';
