// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalsCountProvider } from './approvals-count';
import { COMUNICADO_ENVIOS, COMUNICADOS, CONTAGEM_COMUNICADOS_A_APROVAR } from './communications.documents';
import { InboxPage } from './InboxPage';
import { approver, buildComunicado, buildEnvio, creator, dealer, Providers } from './test-factories';

const unread = buildEnvio({ lido: false });
unread.comunicado = {
  ...unread.comunicado,
  departamento: { __typename: 'Departamento', id: 'd-1', sigla: 'MKT', nome: 'Marketing de rede', assinatura: null },
};
const read = buildEnvio({ lido: true });
const envios: MockedResponse = {
  request: { query: COMUNICADO_ENVIOS, variables: { aba: 'RECEBIDOS', page: 0, rowsPerPage: 10 } },
  result: {
    data: { comunicadoEnvios: { __typename: 'ComunicadoEnvioPage', content: [unread, read], totalElements: 2 } },
  },
  maxUsageCount: 5,
};

function renderInbox(user: ReturnType<typeof dealer>, mocks: MockedResponse[] = []) {
  render(
    <Providers user={user} mocks={[envios, ...mocks]} path="/comunicados">
      <InboxPage />
    </Providers>,
  );
}

const tabNames = () =>
  within(screen.getByRole('tablist'))
    .getAllByRole('tab')
    .map((t) => t.textContent);

describe('InboxPage', () => {
  afterEach(() => cleanup());

  it('hides ENVIADOS and "Novo comunicado" from a dealer; unread ones are bold', async () => {
    renderInbox(dealer());
    expect(tabNames()).toEqual(['Recebidos', 'Lidos', 'Favoritos', 'Arquivados']);
    expect(screen.queryByRole('link', { name: /Novo comunicado/ })).toBeNull();
    const title = await screen.findByText(unread.comunicado.titulo);
    expect(getComputedStyle(title).fontWeight).toBe('700');
    expect(getComputedStyle(screen.getByText(read.comunicado.titulo)).fontWeight).toBe('400');
    // Each item says its department (issue 17 point 10); one without a department says nothing of it.
    expect(screen.getAllByText(/Marketing de rede/)).toHaveLength(1);
  });

  it('shows a creator "in approval" and "sent" (their own, by list), with status chips, and the new button', async () => {
    const draft = buildComunicado({ titulo: 'Rascunho de março' });
    renderInbox(creator(), [
      {
        request: { query: COMUNICADOS, variables: { filtro: { lista: 'ENVIADOS', page: 0, rowsPerPage: 10 } } },
        result: { data: { comunicados: { __typename: 'ComunicadoPage', content: [draft], totalElements: 1 } } },
      },
    ]);
    expect(tabNames()).toEqual(['Recebidos', 'Lidos', 'Favoritos', 'Arquivados', 'Em aprovação', 'Enviados']);
    expect(screen.getByRole('link', { name: /Novo comunicado/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Enviados' }));
    expect(await screen.findByText('Rascunho de março')).toBeTruthy();
    expect(screen.getByText('Rascunho')).toBeTruthy();
  });

  it('lands an approver on "to approve" when something waits, with the count on the tab and the waiting ones listed', async () => {
    const pending = buildComunicado({
      titulo: 'Para aprovar',
      status: { __typename: 'StatusComunicado', id: 'EM_APROVACAO', description: 'Em aprovação' },
      viewerCan: { aprovar: true, rejeitar: true },
    });
    const waiting = (count: number): MockedResponse => ({
      request: { query: CONTAGEM_COMUNICADOS_A_APROVAR },
      result: { data: { contagemComunicadosAAprovar: count } },
      maxUsageCount: 5,
    });
    render(
      <Providers
        user={approver()}
        mocks={[
          envios,
          waiting(1),
          {
            request: { query: COMUNICADOS, variables: { filtro: { lista: 'A_APROVAR', page: 0, rowsPerPage: 10 } } },
            result: { data: { comunicados: { __typename: 'ComunicadoPage', content: [pending], totalElements: 1 } } },
            maxUsageCount: 5,
          },
        ]}
        path="/comunicados"
      >
        <ApprovalsCountProvider enabled>
          <InboxPage />
        </ApprovalsCountProvider>
      </Providers>,
    );
    expect(await screen.findByText('Para aprovar')).toBeTruthy();
    const tab = screen.getByRole('tab', { name: /A aprovar/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(within(tab).getByTestId('to-approve-count').textContent).toBe('1');
    expect(tab.textContent).toContain('1 aguardando sua aprovação');
    expect(screen.getByText('Aguardando sua aprovação')).toBeTruthy();
  });

  it('leaves an approver with nothing waiting on the received tab', async () => {
    render(
      <Providers
        user={approver()}
        mocks={[
          envios,
          { request: { query: CONTAGEM_COMUNICADOS_A_APROVAR }, result: { data: { contagemComunicadosAAprovar: 0 } } },
        ]}
        path="/comunicados"
      >
        <ApprovalsCountProvider enabled>
          <InboxPage />
        </ApprovalsCountProvider>
      </Providers>,
    );
    expect(await screen.findByText(unread.comunicado.titulo)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Recebidos' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('to-approve-count')).toBeNull();
  });

  it('restores the tab, search, size and page of a shared link; another tab starts at its first page', async () => {
    const fav = buildEnvio({ lido: true, favorito: true });
    const other = buildEnvio({ lido: true });
    const page = (aba: string, p: number, envio: typeof fav): MockedResponse => ({
      request: { query: COMUNICADO_ENVIOS, variables: { aba, busca: 'recall', page: p, rowsPerPage: 25 } },
      result: {
        data: { comunicadoEnvios: { __typename: 'ComunicadoEnvioPage', content: [envio], totalElements: 30 } },
      },
    });
    render(
      <Providers
        user={dealer()}
        mocks={[page('FAVORITOS', 1, fav), page('LIDOS', 0, other)]}
        path="/comunicados?aba=FAVORITOS&busca=recall&itens=25&pagina=2"
      >
        <InboxPage />
      </Providers>,
    );
    expect(screen.getByRole('tab', { name: 'Favoritos' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('searchbox', { name: 'Buscar comunicados' }) as HTMLInputElement).value).toBe('recall');
    expect(await screen.findByRole('link', { name: fav.comunicado.titulo })).toBeTruthy();
    expect(screen.getByText('26–30 de 30')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Lidos' }));
    expect(await screen.findByRole('link', { name: other.comunicado.titulo })).toBeTruthy();
    expect(screen.getByText('1–25 de 30')).toBeTruthy();
  });
});
