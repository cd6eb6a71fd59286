// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { ChangesSinceRejection, HistoryList } from './ComunicadoHistory';
import { ComunicadoViewPage } from './ComunicadoViewPage';
import { COMUNICADO, type EventoHistorico } from './communications.documents';
import { changeOriginal, type Idiomas, LanguageVersions } from './LanguageVersions';
import { PreviewDialog } from './PreviewDialog';
import { approver, buildComunicado, creator, Providers } from './test-factories';

// Issue 17 points 2 and 6 on the web (decisions 0041, 0042): the history, the approver's difference, the language
// versions in the form and the preview's language switch.

const text = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
const event = (over: Partial<EventoHistorico>): EventoHistorico => ({
  __typename: 'EventoHistoricoComunicado',
  id: `h-${Math.random()}`,
  evento: 'CRIACAO',
  descricao: 'Criado',
  data: '2026-03-01T12:00:00.000Z',
  usuario: { __typename: 'UsuarioComunicado', id: 'u-1', nome: 'Maria Montadora' },
  motivo: null,
  dataHoraAgendamento: null,
  destinatarios: null,
  idErrata: null,
  ...over,
});
const historico = [
  event({}),
  event({ evento: 'SUBMISSAO', descricao: 'Enviado para aprovação' }),
  event({
    evento: 'REJEICAO',
    descricao: 'Rejeitado',
    motivo: 'Falta o grupo do Litoral',
    usuario: { __typename: 'UsuarioComunicado', id: 'u-2', nome: 'Ana Aprovadora' },
  }),
  event({ evento: 'SUBMISSAO', descricao: 'Enviado para aprovação' }),
  event({ evento: 'ENVIO', descricao: 'Entregue', usuario: null, destinatarios: 12 }),
];
const alteracoes = [
  {
    __typename: 'AlteracaoComunicado' as const,
    campo: 'mensagem',
    idioma: null,
    partes: [
      { __typename: 'ParteDiferenca' as const, tipo: 'IGUAL' as const, texto: 'Traga o carro' },
      { __typename: 'ParteDiferenca' as const, tipo: 'REMOVIDO' as const, texto: 'na sexta' },
      { __typename: 'ParteDiferenca' as const, tipo: 'ADICIONADO' as const, texto: 'no sábado' },
    ],
  },
  {
    __typename: 'AlteracaoComunicado' as const,
    campo: 'grupos',
    idioma: null,
    partes: [{ __typename: 'ParteDiferenca' as const, tipo: 'ADICIONADO' as const, texto: 'Rede Litoral' }],
  },
];

describe('the history and the approver difference (decision 0041)', () => {
  afterEach(() => cleanup());

  it('lists every step with who did it, the kept rejection reason and the system’s delivery', () => {
    render(
      <Providers user={creator()} mocks={[]}>
        <HistoryList historico={historico} />
      </Providers>,
    );
    const items = within(screen.getByTestId('history')).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[2].textContent).toContain('Rejeitado · Ana Aprovadora');
    expect(items[2].textContent).toContain('Falta o grupo do Litoral');
    expect(items[4].textContent).toContain(text('communicationsHistory.history.system'));
    expect(items[4].textContent).toContain('12 destinatários');
  });

  it('shows words removed and added, items added, and the last rejection', () => {
    render(
      <Providers user={approver()} mocks={[]}>
        <ChangesSinceRejection alteracoes={alteracoes} historico={historico} />
      </Providers>,
    );
    const panel = screen.getByTestId('changes-since-rejection');
    expect(within(panel).getByRole('heading', { name: text('communicationsHistory.changes.title') })).toBeTruthy();
    expect(panel.textContent).toContain('Falta o grupo do Litoral');
    expect(panel.querySelector('del')?.textContent).toContain('na sexta');
    expect([...panel.querySelectorAll('ins')].map((e) => e.textContent)).toEqual([
      `${text('communicationsHistory.changes.added')}: no sábado`,
      `${text('communicationsHistory.changes.added')}: Rede Litoral`,
    ]);
    expect(within(panel).getByRole('heading', { name: text('communicationsHistory.field.grupos') })).toBeTruthy();
  });

  it('the approver’s view of a resubmission shows the difference above the content', async () => {
    const c = buildComunicado({
      titulo: 'Reenviado',
      status: { __typename: 'StatusComunicado', id: 'EM_APROVACAO', description: 'Em aprovação' },
      viewerCan: { aprovar: true, rejeitar: true },
      historico,
      alteracoesDesdeRejeicao: alteracoes,
    });
    render(
      <Providers
        user={approver()}
        mocks={[{ request: { query: COMUNICADO, variables: { id: c.id } }, result: { data: { comunicado: c } } }]}
        path={`/comunicados/visualizar/${c.id}`}
      >
        <Routes>
          <Route path="/comunicados/visualizar/:id" element={<ComunicadoViewPage />} />
        </Routes>
      </Providers>,
    );
    expect(await screen.findByTestId('changes-since-rejection')).toBeTruthy();
    expect(within(screen.getByTestId('history')).getAllByRole('listitem')).toHaveLength(5);
  });
});

let last: Idiomas | null = null;
function Harness() {
  const [value, setValue] = useState<Idiomas>({ idioma: 'PT_BR', titulo: 'T', mensagem: '<p>M</p>', traducoes: [] });
  last = value;
  return <LanguageVersions value={value} onChange={setValue} onBlur={() => {}} />;
}

describe('language versions (decision 0042)', () => {
  afterEach(() => cleanup());

  it('a new original language swaps in its version, losing nothing', () => {
    const v: Idiomas = {
      idioma: 'PT_BR',
      titulo: 'Olá',
      mensagem: '<p>Olá</p>',
      traducoes: [{ idioma: 'EN', titulo: 'Hello', mensagem: '<p>Hello</p>' }],
    };
    expect(changeOriginal(v, 'EN')).toEqual({
      idioma: 'EN',
      titulo: 'Hello',
      mensagem: '<p>Hello</p>',
      traducoes: [{ idioma: 'PT_BR', titulo: 'Olá', mensagem: '<p>Olá</p>' }],
    });
    expect(changeOriginal(v, 'ES')).toEqual({ ...v, idioma: 'ES' });
  });

  it('has a tab per other language whose title becomes that version', () => {
    render(
      <Providers user={creator()} mocks={[]}>
        <Harness />
      </Providers>,
    );
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([text('idioma.ES'), text('idioma.EN')]);
    fireEvent.click(tabs[1]);
    const title = screen.getByRole('textbox', {
      name: text('communicationsHistory.field.traducao.titulo', { idioma: text('idioma.EN') }),
    });
    fireEvent.change(title, { target: { value: 'Service campaign' } });
    expect(last?.traducoes).toEqual([{ idioma: 'EN', titulo: 'Service campaign', mensagem: '' }]);
  });

  it('the preview switches between the versions', () => {
    render(
      <Providers user={creator()} mocks={[]}>
        <PreviewDialog
          open
          onClose={() => {}}
          comunicado={{
            titulo: 'Campanha',
            mensagem: '<p>Olá</p>',
            idioma: 'PT_BR',
            traducoes: [{ idioma: 'EN', titulo: 'Campaign', mensagem: '<p>Hello</p>' }],
            etiquetas: [],
            departamento: null,
            dataInicioExibicao: null,
            dataFimExibicao: null,
            justificativa: null,
            usuarioCriador: { nome: 'Maria' },
            arquivos: [],
          }}
        />
      </Providers>,
    );
    expect(screen.getByRole('heading', { name: 'Campanha' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text('idioma.EN') }));
    expect(screen.getByRole('heading', { name: 'Campaign' })).toBeTruthy();
    expect(screen.getByText('Hello')).toBeTruthy();
  });
});
