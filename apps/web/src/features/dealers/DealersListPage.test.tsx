// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPortalLabels } from '../../app/i18n';
import { DealersListPage, exportUrl } from './DealersListPage';
import { DealersDocument, ImpactoInativacaoMarcaDocument, MarcasDocument } from './dealers.generated';
import {
  applyDemoLabels,
  buildBrand,
  buildDealer,
  buildUser,
  G1,
  M1,
  optionsMock,
  renderScreen,
} from './test-factories';

beforeAll(() => import('../../ui/ToastHost'));
beforeAll(() => applyDemoLabels());
afterAll(() => setPortalLabels(null));

const noFilter = {
  busca: null,
  active: null,
  grupoId: null,
  marcaId: null,
  uf: null,
  ordenacao: null,
  page: 0,
  rowsPerPage: 10,
};
const listMock = (variables: Record<string, unknown>, content = [buildDealer()]) => ({
  request: { query: DealersDocument, variables: { ...noFilter, ...variables } },
  result: { data: { dealers: { __typename: 'DealerPage', content, totalElements: content.length } } },
  maxUsageCount: 5,
});
const brandsMock = {
  request: {
    query: MarcasDocument,
    variables: { busca: null, active: null, ordenacao: null, page: 0, rowsPerPage: 10 },
  },
  result: { data: { marcas: { __typename: 'MarcaAdministracaoPage', content: [buildBrand()], totalElements: 1 } } },
  maxUsageCount: 5,
};

function renderList(url: string, mocks: MockedResponse[] = [listMock({})], user = buildUser()) {
  const { view, router } = renderScreen({
    path: '/dealers',
    url,
    screen: <DealersListPage />,
    mocks: [optionsMock, ...mocks],
    user,
  });
  render(view);
  return router;
}

describe('DealersListPage', () => {
  afterEach(() => cleanup());

  it('lists dealers with the customer label in the title and the new button, the CNPJ masked', async () => {
    renderList('/dealers');
    expect(screen.getByRole('heading', { level: 1, name: 'Concessionárias' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nova concessionária' }).getAttribute('href')).toBe('/dealers/novo');
    const row = (await screen.findByText('Horizonte Centro')).closest('tr') as HTMLElement;
    expect(within(row).getByText('11.444.777/0001-61')).toBeTruthy();
    expect(within(row).getByText('Grupo Horizonte')).toBeTruthy();
    expect(within(row).getByText('Aurora')).toBeTruthy();
    expect(within(row).getByText('Ativo')).toBeTruthy();
  });

  it('reads search, filters, sort and page from the URL, asks the server for them and exports the same rows', async () => {
    renderList(`/dealers?busca=11444777&status=INATIVO&grupo=${G1}&marca=${M1}&uf=SP&ordem=-cnpj&pagina=2&itens=25`, [
      listMock(
        {
          busca: '11444777',
          active: false,
          grupoId: G1,
          marcaId: M1,
          uf: 'SP',
          ordenacao: '-cnpj',
          page: 1,
          rowsPerPage: 25,
        },
        [buildDealer({ active: false })],
      ),
    ]);
    expect(await screen.findByText('Horizonte Centro')).toBeTruthy();
    expect(
      exportUrl({
        page: 1,
        rowsPerPage: 25,
        busca: '11.444.777',
        sort: { field: 'cnpj', direction: 'desc' },
        filters: { status: 'ATIVO', uf: 'SP' },
      }),
    ).toBe('/api/dealers.xlsx?busca=11.444.777&active=true&uf=SP&ordenacao=-cnpj');
  });

  it('shows the no-access notice to a user without the key', async () => {
    renderList('/dealers', [], buildUser([]));
    expect(screen.queryByRole('heading', { level: 1, name: 'Concessionárias' })).toBeNull();
  });

  it('brands tab: inactivating asks first, stating how many dealers it unlinks and inactivates', async () => {
    renderList('/dealers?aba=marcas', [
      brandsMock,
      {
        request: { query: ImpactoInativacaoMarcaDocument, variables: { id: M1 } },
        result: {
          data: {
            impactoInativacaoMarca: {
              __typename: 'ImpactoInativacaoMarca',
              dealersDesvinculados: 3,
              dealersInativados: 1,
            },
          },
        },
      },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Marcas' })).toBeTruthy();
    const row = (await screen.findByText('Aurora')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(dialog.textContent).toContain('Desvincular de Concessionárias: 3. Inativar (só vendem esta): 1.'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  });
});
