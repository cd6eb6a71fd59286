// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditLink } from '../../ui/AuditLink';
import { dayShown } from '../../ui/form/type-day.testing';
import type { ListQuery } from '../../ui/list/use-list-params';
import { buildUser, renderScreen } from '../menus/test-factories';
import { AuditHistoryPage } from './AuditHistoryPage';
import { AuditSearchPage } from './AuditSearchPage';
import { auditExportUrl } from './AuditTable';
import { type AuditoriaLinhaFragment, BuscaAuditoriaDocument } from './audit.generated';

const row = (over: Partial<AuditoriaLinhaFragment> = {}): AuditoriaLinhaFragment => ({
  __typename: 'Auditoria',
  id: 'a-1',
  data: '2026-03-10T15:00:00.000Z',
  entidade: 'dealer',
  entidadeId: 'd-1',
  acao: 'editar',
  usuario: { __typename: 'AuditoriaUsuario', id: 'u-9', nome: 'Ana Admin', email: 'ana@portal.demo' },
  diferencas: [
    { __typename: 'AuditoriaDiferenca', campo: 'nomeExibicao', antes: 'Ágil', depois: 'Ágil Norte', secreto: false },
    { __typename: 'AuditoriaDiferenca', campo: 'cep', antes: null, depois: '01001000', secreto: false },
    { __typename: 'AuditoriaDiferenca', campo: 'token', antes: null, depois: null, secreto: true },
    { __typename: 'AuditoriaDiferenca', campo: 'campoNovo', antes: 'a', depois: 'b', secreto: false },
  ],
  ...over,
});
const none = {
  entidade: null,
  entidadeId: null,
  acao: null,
  busca: null,
  dataInicio: null,
  dataFim: null,
  page: 0,
  rowsPerPage: 10,
};
const searchMock = (variables: Record<string, unknown>, content = [row()], total = content.length): MockedResponse => ({
  request: { query: BuscaAuditoriaDocument, variables: { ...none, ...variables } },
  result: { data: { buscaAuditoria: { __typename: 'AuditoriaPage', content, totalElements: total } } },
  maxUsageCount: 5,
});

function renderAt(path: string, url: string, screenNode: React.ReactNode, mocks: MockedResponse[]) {
  const { view, router } = renderScreen({ path, url, screen: screenNode, mocks });
  render(view);
  return router;
}

describe('audit screens', () => {
  afterEach(() => cleanup());

  it("shows one entity's history: who, the action translated, each changed field before → after, a secret only named", async () => {
    renderAt('/auditoria/:id/:tipo', '/auditoria/d-1/dealer', <AuditHistoryPage />, [
      searchMock({ entidade: 'dealer', entidadeId: 'd-1' }),
    ]);
    const cell = (await screen.findByText('Ana Admin')).closest('tr') as HTMLElement;
    expect(within(cell).getByText('ana@portal.demo')).toBeTruthy();
    // The action shows in its column, and under the date on a phone.
    expect(within(cell).getAllByText('Edição').length).toBeGreaterThan(0);
    const lines = within(cell)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'Nome de exibição: Ágil → Ágil Norte',
      'CEP: — → 01001000',
      'token: alterado (oculto)',
      'campoNovo: a → b',
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/^Histórico: /);
  });

  it('reads the action, period and person filters from the URL and asks the server for them', async () => {
    renderAt(
      '/auditoria/:id/:tipo',
      '/auditoria/u-1/usuario?acao=inativar&de=2026-03-01&ate=2026-03-31&busca=ana&pagina=2',
      <AuditHistoryPage />,
      [
        searchMock(
          {
            entidade: 'usuario',
            entidadeId: 'u-1',
            acao: 'inativar',
            busca: 'ana',
            dataInicio: '2026-03-01',
            dataFim: '2026-03-31',
            page: 1,
          },
          [row({ entidade: 'usuario', entidadeId: 'u-1', acao: 'inativar', usuario: null, diferencas: [] })],
          11,
        ),
      ],
    );
    const line = (await screen.findByText('Sistema')).closest('tr') as HTMLElement;
    expect(within(line).getAllByText('Inativação').length).toBeGreaterThan(0);
    expect(within(line).getByText('Sem campos alterados')).toBeTruthy();
    expect(screen.getByText('11–11 de 11')).toBeTruthy();
    expect(await dayShown('De')).toBe('01/03/2026');
    expect((screen.getByLabelText('Pessoa (nome, e-mail ou CPF)') as HTMLInputElement).value).toBe('ana');
  });

  it('refuses a type the audit does not know', () => {
    renderAt('/auditoria/:id/:tipo', '/auditoria/x/senha', <AuditHistoryPage />, []);
    expect(screen.getByText('Tipo de registro desconhecido.')).toBeTruthy();
  });

  it('searches across entities by type, each row linking to its history', async () => {
    renderAt('/auditoria', '/auditoria?entidade=marca', <AuditSearchPage />, [
      searchMock({ entidade: 'marca' }, [row({ entidade: 'marca', entidadeId: 'b-1', acao: 'criar' })]),
    ]);
    const [link] = await screen.findAllByRole('link', { name: /Marca|Brand/ });
    expect(link.getAttribute('href')).toBe('/auditoria/b-1/marca');
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toBeTruthy();
  });

  it('exports what the list shows, every page', () => {
    const query: ListQuery = {
      page: 3,
      rowsPerPage: 25,
      busca: 'ana',
      sort: null,
      filters: { acao: 'editar', de: '2026-03-01' },
    };
    expect(auditExportUrl({ entidade: 'dealer', entidadeId: 'd-1' }, query)).toBe(
      '/api/auditoria.xlsx?entidade=dealer&entidadeId=d-1&acao=editar&busca=ana&dataInicio=2026-03-01',
    );
    expect(auditExportUrl(null, { ...query, filters: { entidade: 'usuario' } })).toBe(
      '/api/auditoria.xlsx?entidade=usuario&busca=ana',
    );
  });

  it("the edit screens' history link is for TECSINAPSE users only", () => {
    for (const [tipo, shown] of [
      ['TECSINAPSE', true],
      ['MONTADORA', false],
    ] as const) {
      const { view } = renderScreen({
        path: '/dealers/:id',
        url: '/dealers/d-1',
        screen: <AuditLink entidade="dealer" id="d-1" />,
        mocks: [],
        user: buildUser(tipo),
      });
      render(view);
      const link = screen.queryByRole('link', { name: 'Histórico' });
      expect(Boolean(link)).toBe(shown);
      if (link) expect(link.getAttribute('href')).toBe('/auditoria/d-1/dealer');
      cleanup();
    }
  });
});
