// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPortalLabels } from '../../app/i18n';
import { DealerGroupsListPage, groupExportUrl } from './DealerGroupsListPage';
import { GruposDocument, InativarGrupoDocument, ResumoInativacaoGrupoDocument } from './dealer-groups.generated';
import { buildGroup, buildUser, renderScreen } from './test-factories';

// notistack loads with the first toast; load it before the clock of findBy starts on a busy machine.
beforeAll(() => import('../../ui/ToastHost'));

const horizonte = buildGroup();
const litoral = buildGroup({ id: 'g-2', nome: 'Grupo Litoral', active: false, quantidadeDealers: 0 });
const noFilter = { busca: null, active: null, ordenacao: null, page: 0, rowsPerPage: 10 };
const listMock = (variables: Record<string, unknown>, content = [horizonte, litoral], total = content.length) => ({
  request: { query: GruposDocument, variables: { ...noFilter, ...variables } },
  result: { data: { grupos: { __typename: 'GrupoPage', content, totalElements: total } } },
  maxUsageCount: 5,
});

function renderList(url: string, mocks: MockedResponse[] = [listMock({})], user = buildUser()) {
  const { view, router } = renderScreen({ path: '/grupos', url, screen: <DealerGroupsListPage />, mocks, user });
  render(view);
  return router;
}

describe('DealerGroupsListPage', () => {
  afterEach(() => {
    cleanup();
    setPortalLabels(null);
  });

  it('lists groups with their dealer count and status, titled with the portal labels', async () => {
    setPortalLabels({ labelGrupos: 'Redes', labelNovoGrupo: 'Nova rede', labelDealers: 'Lojas' });
    renderList('/grupos');
    expect(screen.getByRole('heading', { level: 1, name: 'Redes' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nova rede' }).getAttribute('href')).toBe('/grupos/novo');
    const row = (await screen.findByText('Grupo Horizonte')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: /Lojas/ })).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('Ativo')).toBeTruthy();
    const inactive = screen.getByText('Grupo Litoral').closest('tr') as HTMLElement;
    expect(within(inactive).getByText('Inativo')).toBeTruthy();
  });

  it('reads search, status, sort and page from the URL, asks the server for them and exports the same', async () => {
    renderList('/grupos?busca=horizonte&status=ATIVO&ordem=-dealers&pagina=2&itens=25', [
      listMock({ busca: 'horizonte', active: true, ordenacao: '-dealers', page: 1, rowsPerPage: 25 }, [horizonte], 26),
    ]);
    expect(await screen.findByText('Grupo Horizonte')).toBeTruthy();
    expect((screen.getByLabelText('Buscar por nome') as HTMLInputElement).value).toBe('horizonte');
    expect(screen.getByText('26–26 de 26')).toBeTruthy();
    expect(
      groupExportUrl({
        busca: 'horizonte',
        page: 1,
        rowsPerPage: 25,
        sort: { field: 'dealers', direction: 'desc' },
        filters: { status: 'ATIVO' },
      }),
    ).toBe('/api/grupos.xlsx?busca=horizonte&active=true&ordenacao=-dealers');
    expect(groupExportUrl({ busca: '', page: 0, rowsPerPage: 10, sort: null, filters: {} })).toBe('/api/grupos.xlsx');
  });

  it('the status filter goes into the URL, back on the first page', async () => {
    const router = renderList('/grupos?pagina=2', [listMock({ page: 1 }), listMock({ active: false }, [litoral])]);
    await screen.findByText('Grupo Horizonte');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Situação' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Inativo' }));
    expect(router.state.location.search).toBe('?status=INATIVO');
    await screen.findByText('1–1 de 1');
  });

  it('inactivating reads the counts first and states them; confirming inactivates and reports what it did', async () => {
    renderList('/grupos', [
      listMock({}),
      {
        request: { query: ResumoInativacaoGrupoDocument, variables: { id: 'g-1' } },
        result: { data: { resumoInativacaoGrupo: { __typename: 'ResumoInativacaoGrupo', dealers: 2, usuarios: 5 } } },
      },
      {
        request: { query: InativarGrupoDocument, variables: { id: 'g-1' } },
        result: {
          data: {
            inativarGrupo: {
              __typename: 'InativacaoGrupo',
              dealers: 2,
              usuarios: 5,
              grupo: { __typename: 'Grupo', id: 'g-1', active: false },
            },
          },
        },
      },
    ]);
    const row = (await screen.findByText('Grupo Horizonte')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Inativar Grupo Horizonte' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Inativar Grupo Horizonte?')).toBeTruthy();
    expect(within(dialog).getByText(/Inativa o grupo, 2 dealers e 5 usuário\(s\) ligados a ele\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(
      await screen.findByText('Inativados: o grupo, 2 dealers e 5 usuário(s).', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('reactivating says the dealers and users stay inactive', async () => {
    renderList('/grupos');
    const row = (await screen.findByText('Grupo Litoral')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Ativar Grupo Litoral' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Reativa somente o grupo\. Dealers e usuários inativados/)).toBeTruthy();
  });

  it('opens a row on Enter; shows the no-access notice to a user without the key', async () => {
    const router = renderList('/grupos');
    const row = (await screen.findByText('Grupo Horizonte')).closest('tr') as HTMLElement;
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/grupos/g-1');
    cleanup();
    renderList('/grupos', [listMock({})], buildUser([]));
    expect(screen.getByText('Você não tem acesso a esta parte da página.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
