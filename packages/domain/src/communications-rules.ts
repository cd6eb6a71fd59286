import type { Guard } from './guard.js';

/**
 * Statuses of a communication (docs/domains/communications.md#statuses-and-moves): draft, in approval, approved,
 * rejected, scheduled, sent, archived.
 */
export const COMUNICADO_STATUSES = [
  'RASCUNHO',
  'EM_APROVACAO',
  'APROVADO',
  'REJEITADO',
  'AGENDADO',
  'ENVIADO',
  'ARQUIVADO',
] as const;
export type ComunicadoStatus = (typeof COMUNICADO_STATUSES)[number];

/**
 * Everything that can happen to a communication. `ENVIAR` and `AGENDAR` from a draft are the direct
 * send of a holder of the approval key; `DISPARAR` (a schedule fires) and `CONCLUIR_ENVIO` (the fan-out
 * finished) are done by the system, never by a person.
 */
export const COMUNICADO_ACTIONS = [
  'SALVAR',
  'ENVIAR_PARA_APROVACAO',
  'APROVAR',
  'REJEITAR',
  'ENVIAR',
  'AGENDAR',
  'DISPARAR',
  'CONCLUIR_ENVIO',
  'ARQUIVAR',
  'DESARQUIVAR',
  'CRIAR_ERRATA',
] as const;
export type ComunicadoAction = (typeof COMUNICADO_ACTIONS)[number];

/** Writes drafts (docs/domains/communications.md#who-writes-and-who-approves). */
export const CREATE_KEY = 'PORTAL_CRIACAO_COMUNICADOS';
/**
 * Approves others' communications and sends one's own directly
 * (docs/domains/communications.md#who-writes-and-who-approves).
 */
export const APPROVE_KEY = 'PORTAL_APROVACAO_ENVIO_COMUNICADOS';

/** Guard of the creator and approver screens and operations (docs/domains/permissions.md#route-table). */
export const COMUNICADO_MANAGE_GUARD = { keys: [CREATE_KEY, APPROVE_KEY] } as const satisfies Guard;

/** Minimum errata justification, in characters after trimming (docs/domains/communications.md#errata). */
export const JUSTIFICATION_MIN = 15;

/** Scheduling lead time (docs/domains/communications.md#scheduling): a schedule is at least one hour after now. */
export const SCHEDULE_LEAD_MS = 3_600_000;

/** Longest title, tag, rejection reason and justification, in characters. */
export const COMUNICADO_TITLE_MAX = 200;
export const COMUNICADO_TAG_MAX = 50;
export const COMUNICADO_REASON_MAX = 2_000;

/**
 * Tabs of the /comunicados inbox (docs/domains/communications.md#deliveries-and-the-inbox, decision 0032): the
 * received ones for everybody; A_APROVAR (waiting for one's decision) for approvers; EM_APROVACAO (one's own waiting
 * for someone else's) and ENVIADOS for creators and approvers.
 */
export const INBOX_TABS = [
  'RECEBIDOS',
  'LIDOS',
  'FAVORITOS',
  'ARQUIVADOS',
  'A_APROVAR',
  'EM_APROVACAO',
  'ENVIADOS',
] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/**
 * Page sizes of the inbox, sent list and dashboard recipient tables, the first being the default
 * (docs/domains/screens-and-forms.md#lists): 10 fills a laptop screen, 50 is the most a dealer scrolls.
 */
export const COMUNICADO_PAGE_SIZES = [10, 25, 50] as const;
export type ComunicadoPageSize = (typeof COMUNICADO_PAGE_SIZES)[number];
export const COMUNICADO_DEFAULT_PAGE_SIZE: ComunicadoPageSize = 10;

/** Recent communications on the home card (comunicadoEnviosRecentes). */
export const COMUNICADO_RECENT_LIMIT = 5;

/** Who performs an action: a person (by id and feature keys) or the system (SISTEMA_ACTOR). */
export type ComunicadoActor = { id: string; chaves: readonly string[] };

/** What the rules need to know about a communication. */
export type ComunicadoFacts = { status: ComunicadoStatus; criadorId: string; aprovadorId: string | null };

/**
 * The background jobs (schedule firing, fan-out). Its id is not a UUID, so no user can be it, and it
 * holds no keys, so it is never a creator or an approver.
 */
export const SISTEMA_ACTOR: ComunicadoActor = Object.freeze({ id: 'sistema', chaves: Object.freeze([]) });

/**
 * Who may perform a row:
 * - `criador`: the creator, while they hold the create or the approval key;
 * - `criadorAprovador`: the creator holding the approval key (sends their own without approval);
 * - `aprovador`: a holder of the approval key who is not the creator; while the communication awaits
 *   approval, only the approver chosen for it (afterwards, archiving and errata are open to any holder);
 * - `sistema`: the background jobs only.
 */
export type ComunicadoParty = 'criador' | 'aprovador' | 'sistema' | 'criadorAprovador';

export type ComunicadoTransition = {
  readonly from: ComunicadoStatus;
  readonly action: ComunicadoAction;
  readonly to: ComunicadoStatus;
  readonly who: ComunicadoParty;
};

/**
 * The lifecycle (issue 5, point 1): the only source of truth for which move is allowed, who makes it
 * and where it leads. A (from, action) pair open to two parties has one row per party, with the same
 * `to`. docs/communications-lifecycle.md draws it; a test fails when the drawing drifts.
 */
export const TRANSITIONS: readonly ComunicadoTransition[] = [
  { from: 'RASCUNHO', action: 'SALVAR', to: 'RASCUNHO', who: 'criador' },
  { from: 'REJEITADO', action: 'SALVAR', to: 'REJEITADO', who: 'criador' },
  // The approver is chosen in the form (approverProblem); a holder of the approval key may also ask another.
  { from: 'RASCUNHO', action: 'ENVIAR_PARA_APROVACAO', to: 'EM_APROVACAO', who: 'criador' },
  { from: 'REJEITADO', action: 'ENVIAR_PARA_APROVACAO', to: 'EM_APROVACAO', who: 'criador' },
  { from: 'EM_APROVACAO', action: 'APROVAR', to: 'APROVADO', who: 'aprovador' },
  { from: 'EM_APROVACAO', action: 'AGENDAR', to: 'AGENDADO', who: 'aprovador' },
  { from: 'EM_APROVACAO', action: 'REJEITAR', to: 'REJEITADO', who: 'aprovador' },
  { from: 'RASCUNHO', action: 'ENVIAR', to: 'APROVADO', who: 'criadorAprovador' },
  { from: 'RASCUNHO', action: 'AGENDAR', to: 'AGENDADO', who: 'criadorAprovador' },
  { from: 'REJEITADO', action: 'ENVIAR', to: 'APROVADO', who: 'criadorAprovador' },
  { from: 'REJEITADO', action: 'AGENDAR', to: 'AGENDADO', who: 'criadorAprovador' },
  // APROVADO is "approved, being sent": the fan-out job writes the deliveries, then concludes.
  { from: 'AGENDADO', action: 'DISPARAR', to: 'APROVADO', who: 'sistema' },
  { from: 'APROVADO', action: 'CONCLUIR_ENVIO', to: 'ENVIADO', who: 'sistema' },
  { from: 'ENVIADO', action: 'ARQUIVAR', to: 'ARQUIVADO', who: 'criador' },
  { from: 'ENVIADO', action: 'ARQUIVAR', to: 'ARQUIVADO', who: 'aprovador' },
  { from: 'ARQUIVADO', action: 'DESARQUIVAR', to: 'ENVIADO', who: 'criador' },
  { from: 'ARQUIVADO', action: 'DESARQUIVAR', to: 'ENVIADO', who: 'aprovador' },
  // The errata is a new communication (idParent = this one); the original stays sent.
  { from: 'ENVIADO', action: 'CRIAR_ERRATA', to: 'ENVIADO', who: 'criador' },
  { from: 'ENVIADO', action: 'CRIAR_ERRATA', to: 'ENVIADO', who: 'aprovador' },
];

const hasKey = (actor: ComunicadoActor, key: string) => actor.chaves.includes(key);

/** Whether the actor is the party a row names, for this communication. */
export function isParty(actor: ComunicadoActor, facts: ComunicadoFacts, who: ComunicadoParty): boolean {
  if (!actor.id) return false;
  if (who === 'sistema') return actor.id === SISTEMA_ACTOR.id;
  if (actor.id === SISTEMA_ACTOR.id) return false;
  const isCreator = actor.id === facts.criadorId;
  switch (who) {
    case 'criador':
      return isCreator && (hasKey(actor, CREATE_KEY) || hasKey(actor, APPROVE_KEY));
    case 'criadorAprovador':
      return isCreator && hasKey(actor, APPROVE_KEY);
    case 'aprovador':
      return (
        hasKey(actor, APPROVE_KEY) && !isCreator && (facts.status !== 'EM_APROVACAO' || actor.id === facts.aprovadorId)
      );
  }
}

/** The status a move leads to, or null when the status does not allow the action (whoever asks). */
export function nextStatus(facts: Pick<ComunicadoFacts, 'status'>, action: ComunicadoAction): ComunicadoStatus | null {
  return TRANSITIONS.find((t) => t.from === facts.status && t.action === action)?.to ?? null;
}

/** Whether the actor may perform the action now: the status allows it and the actor is a party of one of its rows. */
export function canPerform(actor: ComunicadoActor, facts: ComunicadoFacts, action: ComunicadoAction): boolean {
  return TRANSITIONS.some((t) => t.from === facts.status && t.action === action && isParty(actor, facts, t.who));
}

/** The actions the screens offer this actor, in COMUNICADO_ACTIONS order; sent with the data as `viewerCan`. */
export function allowedActions(actor: ComunicadoActor, facts: ComunicadoFacts): ComunicadoAction[] {
  return COMUNICADO_ACTIONS.filter((action) => canPerform(actor, facts, action));
}

/** Creating a communication (a new draft) needs the create or the approval key. */
export function canCreateComunicado(actor: ComunicadoActor): boolean {
  return actor.id !== SISTEMA_ACTOR.id && (hasKey(actor, CREATE_KEY) || hasKey(actor, APPROVE_KEY));
}

/** The inbox tabs that list the user's own communications (`comunicados`), not their deliveries. */
export const MANAGE_TABS = ['A_APROVAR', 'EM_APROVACAO', 'ENVIADOS'] as const satisfies readonly InboxTab[];
export type ManageTab = (typeof MANAGE_TABS)[number];

/**
 * Inbox tabs for the actor: everybody receives; "to approve" is for holders of the approval key; "in approval" and
 * "sent" are for creators and approvers.
 */
export function inboxTabs(actor: ComunicadoActor): InboxTab[] {
  return INBOX_TABS.filter((tab) => {
    if (tab === 'A_APROVAR') return actor.id !== SISTEMA_ACTOR.id && hasKey(actor, APPROVE_KEY);
    if (tab === 'EM_APROVACAO' || tab === 'ENVIADOS') return canCreateComunicado(actor);
    return true;
  });
}

/**
 * Why a submission for approval cannot go ahead, as an i18n key, or null: an approver must be chosen
 * and must not be the creator (docs/domains/communications.md#who-writes-and-who-approves). Whether the chosen one
 * holds the approval key is the server's lookup.
 */
export function approverProblem(criadorId: string, aprovadorId: string | null | undefined): string | null {
  if (!aprovadorId) return 'communications.approverRequired';
  if (aprovadorId === criadorId) return 'communications.approverIsCreator';
  return null;
}

/**
 * A schedule is valid when it is at least SCHEDULE_LEAD_MS after now (docs/domains/communications.md#scheduling);
 * invalid dates are not.
 */
export function isScheduleValid(date: Date, now: Date): boolean {
  return date.getTime() - now.getTime() >= SCHEDULE_LEAD_MS;
}

// A spreadsheet reads a cell starting with one of these as a formula (OWASP CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell for the dashboard's .xlsx export: a value a spreadsheet would read as a formula gets a
 * leading apostrophe, so names like "=HYPERLINK(...)" stay text (OWASP "CSV Injection").
 */
export function neutraliseSpreadsheetCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
