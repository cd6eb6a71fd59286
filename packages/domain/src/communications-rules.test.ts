import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  APPROVE_KEY,
  allowedActions,
  approverProblem,
  COMUNICADO_ACTIONS,
  COMUNICADO_STATUSES,
  type ComunicadoAction,
  type ComunicadoActor,
  type ComunicadoFacts,
  type ComunicadoStatus,
  CREATE_KEY,
  canCreateComunicado,
  canPerform,
  inboxTabs,
  isScheduleValid,
  neutraliseSpreadsheetCell,
  nextStatus,
  SCHEDULE_LEAD_MS,
  SISTEMA_ACTOR,
  TRANSITIONS,
} from './communications-rules.js';

/** Every allowed (status, action) pair and where it leads; anything absent must be forbidden. */
const ALLOWED: Partial<Record<ComunicadoStatus, Partial<Record<ComunicadoAction, ComunicadoStatus>>>> = {
  RASCUNHO: { SALVAR: 'RASCUNHO', ENVIAR_PARA_APROVACAO: 'EM_APROVACAO', ENVIAR: 'APROVADO', AGENDAR: 'AGENDADO' },
  REJEITADO: { SALVAR: 'REJEITADO', ENVIAR_PARA_APROVACAO: 'EM_APROVACAO', ENVIAR: 'APROVADO', AGENDAR: 'AGENDADO' },
  EM_APROVACAO: { APROVAR: 'APROVADO', AGENDAR: 'AGENDADO', REJEITAR: 'REJEITADO' },
  AGENDADO: { DISPARAR: 'APROVADO' },
  APROVADO: { CONCLUIR_ENVIO: 'ENVIADO' },
  ENVIADO: { ARQUIVAR: 'ARQUIVADO', CRIAR_ERRATA: 'ENVIADO' },
  ARQUIVADO: { DESARQUIVAR: 'ENVIADO' },
};

const pairs = COMUNICADO_STATUSES.flatMap((status) =>
  COMUNICADO_ACTIONS.map((action) => [status, action, ALLOWED[status]?.[action] ?? null] as const),
);

describe('communication lifecycle table (issue 5, point 1)', () => {
  it('covers every status × action pair', () => {
    expect(pairs).toHaveLength(77);
    expect(pairs.filter(([, , to]) => to !== null)).toHaveLength(16);
    expect(new Set(TRANSITIONS.map((t) => `${t.from} ${t.action}`)).size).toBe(16);
  });

  it.each(pairs)('%s —%s→ %s', (status, action, to) => {
    expect(nextStatus({ status }, action)).toBe(to);
  });

  it('gives one destination per (status, action), whoever performs it', () => {
    for (const row of TRANSITIONS) {
      const same = TRANSITIONS.filter((t) => t.from === row.from && t.action === row.action);
      expect(new Set(same.map((t) => t.to)).size, `${row.from} ${row.action}`).toBe(1);
    }
  });

  it('has no duplicate rows', () => {
    const keys = TRANSITIONS.map((t) => `${t.from} ${t.action} ${t.who}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lets only the system fire schedules and conclude sends', () => {
    const systemRows = TRANSITIONS.filter((t) => t.who === 'sistema').map((t) => t.action);
    expect(systemRows.sort()).toEqual(['CONCLUIR_ENVIO', 'DISPARAR']);
    expect(
      TRANSITIONS.filter((t) => ['DISPARAR', 'CONCLUIR_ENVIO'].includes(t.action)).every((t) => t.who === 'sistema'),
    ).toBe(true);
  });
});

const CRIADOR = 'u-criador';
const APROVADOR = 'u-aprovador';
const actors = {
  creator: { id: CRIADOR, chaves: [CREATE_KEY] },
  creatorApprover: { id: CRIADOR, chaves: [CREATE_KEY, APPROVE_KEY] },
  creatorLostKeys: { id: CRIADOR, chaves: [] },
  chosenApprover: { id: APROVADOR, chaves: [APPROVE_KEY] },
  chosenWithoutKey: { id: APROVADOR, chaves: [CREATE_KEY] },
  otherApprover: { id: 'u-outro-aprovador', chaves: [APPROVE_KEY] },
  otherCreator: { id: 'u-outro-criador', chaves: [CREATE_KEY] },
  dealer: { id: 'u-dealer', chaves: [] },
  system: SISTEMA_ACTOR,
} satisfies Record<string, ComunicadoActor>;
type ActorName = keyof typeof actors;

const facts = (status: ComunicadoStatus, aprovadorId: string | null = APROVADOR): ComunicadoFacts => ({
  status,
  criadorId: CRIADOR,
  aprovadorId,
});

describe('canPerform and allowedActions: who makes each move', () => {
  const table: [ComunicadoStatus, ActorName, ComunicadoAction[]][] = [
    ['RASCUNHO', 'creator', ['SALVAR', 'ENVIAR_PARA_APROVACAO']],
    ['RASCUNHO', 'creatorApprover', ['SALVAR', 'ENVIAR_PARA_APROVACAO', 'ENVIAR', 'AGENDAR']],
    ['RASCUNHO', 'creatorLostKeys', []],
    ['RASCUNHO', 'chosenApprover', []],
    ['RASCUNHO', 'otherApprover', []],
    ['RASCUNHO', 'otherCreator', []],
    ['RASCUNHO', 'dealer', []],
    ['RASCUNHO', 'system', []],
    ['EM_APROVACAO', 'creator', []],
    ['EM_APROVACAO', 'creatorApprover', []],
    ['EM_APROVACAO', 'chosenApprover', ['APROVAR', 'REJEITAR', 'AGENDAR']],
    ['EM_APROVACAO', 'chosenWithoutKey', []],
    ['EM_APROVACAO', 'otherApprover', []],
    ['EM_APROVACAO', 'dealer', []],
    ['EM_APROVACAO', 'system', []],
    ['REJEITADO', 'creator', ['SALVAR', 'ENVIAR_PARA_APROVACAO']],
    ['REJEITADO', 'creatorApprover', ['SALVAR', 'ENVIAR_PARA_APROVACAO', 'ENVIAR', 'AGENDAR']],
    ['REJEITADO', 'chosenApprover', []],
    ['REJEITADO', 'dealer', []],
    ['APROVADO', 'creatorApprover', []],
    ['APROVADO', 'chosenApprover', []],
    ['APROVADO', 'system', ['CONCLUIR_ENVIO']],
    ['AGENDADO', 'creatorApprover', []],
    ['AGENDADO', 'chosenApprover', []],
    ['AGENDADO', 'system', ['DISPARAR']],
    ['ENVIADO', 'creator', ['ARQUIVAR', 'CRIAR_ERRATA']],
    ['ENVIADO', 'creatorApprover', ['ARQUIVAR', 'CRIAR_ERRATA']],
    ['ENVIADO', 'creatorLostKeys', []],
    ['ENVIADO', 'chosenApprover', ['ARQUIVAR', 'CRIAR_ERRATA']],
    ['ENVIADO', 'otherApprover', ['ARQUIVAR', 'CRIAR_ERRATA']],
    ['ENVIADO', 'otherCreator', []],
    ['ENVIADO', 'dealer', []],
    ['ENVIADO', 'system', []],
    ['ARQUIVADO', 'creator', ['DESARQUIVAR']],
    ['ARQUIVADO', 'otherApprover', ['DESARQUIVAR']],
    ['ARQUIVADO', 'otherCreator', []],
    ['ARQUIVADO', 'dealer', []],
    ['ARQUIVADO', 'system', []],
  ];

  it.each(table)('%s, %s: %j', (status, actor, expected) => {
    expect(allowedActions(actors[actor], facts(status))).toEqual(
      COMUNICADO_ACTIONS.filter((a) => expected.includes(a)),
    );
    for (const action of COMUNICADO_ACTIONS)
      expect(canPerform(actors[actor], facts(status), action), action).toBe(expected.includes(action));
  });

  it('never lets an approver who is the creator approve, even when chosen', () => {
    const own: ComunicadoFacts = { status: 'EM_APROVACAO', criadorId: CRIADOR, aprovadorId: CRIADOR };
    expect(allowedActions(actors.creatorApprover, own)).toEqual([]);
  });

  it('lets nobody approve when no approver was chosen', () => {
    for (const actor of Object.values(actors))
      expect(allowedActions(actor, facts('EM_APROVACAO', null)), actor.id).toEqual([]);
  });

  it('gives no person a system move and the system no person move', () => {
    for (const status of COMUNICADO_STATUSES)
      for (const [name, actor] of Object.entries(actors)) {
        const got = allowedActions(actor, facts(status));
        if (name === 'system') expect(got.every((a) => a === 'DISPARAR' || a === 'CONCLUIR_ENVIO')).toBe(true);
        else expect(got.some((a) => a === 'DISPARAR' || a === 'CONCLUIR_ENVIO')).toBe(false);
      }
  });

  it('refuses an actor with an empty id', () => {
    expect(canPerform({ id: '', chaves: [APPROVE_KEY] }, { ...facts('ENVIADO'), criadorId: '' }, 'ARQUIVAR')).toBe(
      false,
    );
  });

  it.each([
    ['creator', true, false],
    ['creatorApprover', true, true],
    ['otherApprover', true, true],
    ['creatorLostKeys', false, false],
    ['dealer', false, false],
    ['system', false, false],
  ] as const)('canCreateComunicado and the tabs: %s -> create %s, approve %s', (actor, create, approve) => {
    expect(canCreateComunicado(actors[actor])).toBe(create);
    const received = ['RECEBIDOS', 'LIDOS', 'FAVORITOS', 'ARQUIVADOS'];
    expect(inboxTabs(actors[actor])).toEqual([
      ...received,
      ...(approve ? ['A_APROVAR'] : []),
      ...(create ? ['EM_APROVACAO', 'ENVIADOS'] : []),
    ]);
  });

  it.each([
    [CRIADOR, null, 'communications.approverRequired'],
    [CRIADOR, '', 'communications.approverRequired'],
    [CRIADOR, undefined, 'communications.approverRequired'],
    [CRIADOR, CRIADOR, 'communications.approverIsCreator'],
    [CRIADOR, APROVADOR, null],
  ])('approverProblem(%s, %s) -> %s', (criador, aprovador, expected) => {
    expect(approverProblem(criador, aprovador)).toBe(expected);
  });
});

describe('scheduling lead time (docs/domains/communications.md#scheduling)', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  const minutes = (m: number) => new Date(now.getTime() + m * 60_000);
  it.each([
    ['in the past', minutes(-5), false],
    ['now', now, false],
    ['59 min ahead', minutes(59), false],
    ['60 min minus 1 ms', new Date(now.getTime() + SCHEDULE_LEAD_MS - 1), false],
    ['60 min ahead', minutes(60), true],
    ['61 min ahead', minutes(61), true],
    ['next week', minutes(7 * 24 * 60), true],
    ['invalid date', new Date('nope'), false],
  ])('%s -> %s', (_, date, expected) => {
    expect(isScheduleValid(date, now)).toBe(expected);
  });
});

describe('spreadsheet cell neutralisation (OWASP CSV injection)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+5511999999999', "'+5511999999999"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['Ana Souza', 'Ana Souza'],
    ['a=b', 'a=b'],
    [' =1', ' =1'],
    ["'already", "'already"],
    ['', ''],
  ])('%j -> %j', (value, expected) => {
    expect(neutraliseSpreadsheetCell(value)).toBe(expected);
  });
});

describe('docs/communications-lifecycle.md', () => {
  const doc = readFileSync(new URL('../../../docs/communications-lifecycle.md', import.meta.url), 'utf8');
  const diagram = doc.match(/```mermaid\n([\s\S]*?)```/)?.[1] ?? '';
  const lines = diagram.split('\n').map((l) => l.trim());

  it('draws a stateDiagram-v2', () => {
    expect(lines[0]).toBe('stateDiagram-v2');
  });

  it('draws every row of TRANSITIONS', () => {
    const missing = TRANSITIONS.map((t) => `${t.from} --> ${t.to} : ${t.action}`).filter((l) => !lines.includes(l));
    expect(missing).toEqual([]);
  });

  it('draws no move that TRANSITIONS lacks', () => {
    const drawn = lines.filter((l) => /^[A-Z_]+ --> [A-Z_]+ : /.test(l));
    const extra = drawn.filter((l) => !TRANSITIONS.some((t) => l === `${t.from} --> ${t.to} : ${t.action}`));
    expect(extra).toEqual([]);
  });

  it('lists every row with its party in the table, and nothing else', () => {
    // Table rows as 'from action to who', whatever the column padding.
    const rows = doc
      .split('\n')
      .filter((l) => /^\|\s*[A-Z_]+\s*\|/.test(l))
      .map((l) =>
        l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim())
          .join(' '),
      );
    expect(rows.sort()).toEqual(TRANSITIONS.map((t) => `${t.from} ${t.action} ${t.to} ${t.who}`).sort());
  });
});
