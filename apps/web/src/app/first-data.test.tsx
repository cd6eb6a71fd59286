// @vitest-environment jsdom
import { ApolloProvider } from '@apollo/client';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentCommunicationsCard } from '../features/home/RecentCommunicationsCard';
import { createApolloClient } from './apollo-client';
import { startFirstData } from './first-data';
import { i18n } from './i18n';
import type { PortalProperties } from './portal-properties';
import { firstDataOf } from './router';

const portal: PortalProperties = { name: 'Portal', theme: 'default', favicon: null, onboardingHabilitado: true };

/** The API's answer to each operation of a batch, by operation name. */
const ANSWERS: Record<string, unknown> = {
  Frame: { usuarioLogado: null, menuUsuarioLogado: null, currentUserOnboardingIsSeen: true },
  HomeSlidesAtivos: { slidesAtivos: [] },
  HomeComunicadosRecentes: {
    comunicadoEnviosRecentes: [
      {
        __typename: 'ComunicadoEnvio',
        id: 'e1',
        lido: false,
        dataRecebimento: '2026-11-20T12:00:00.000Z',
        comunicado: { __typename: 'Comunicado', id: 'c1', titulo: 'Tabela de preços', departamento: null },
      },
    ],
  },
  HomeUltimosModificados: { ultimosModificados: [] },
  HomeAnuncioAleatorio: { anuncioAleatorio: null },
};

function api() {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    const operations = JSON.parse(String(init?.body)) as { operationName: string }[];
    const body = operations.map((o) => ({ data: ANSWERS[o.operationName] }));
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const operationsOf = (call: unknown[]) =>
  (JSON.parse(String((call[1] as RequestInit).body)) as { operationName: string }[]).map((o) => o.operationName);

describe('the first data of the page opened (app/first-data.ts)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is the frame and the screen’s own queries on a signed-in screen, nothing on a public one', () => {
    const names = (path: string) =>
      firstDataOf(path, portal).map((q) => (q.query.definitions[0] as { name: { value: string } }).name.value);
    expect(names('/home')).toEqual([
      'Frame',
      'HomeSlidesAtivos',
      'HomeComunicadosRecentes',
      'HomeUltimosModificados',
      'HomeAnuncioAleatorio',
    ]);
    expect(names('/biblioteca')).toEqual(['Frame']);
    expect(names('/esqueci-senha')).toEqual([]);
  });

  it('goes as one request, and the card then reads its answer instead of asking again', async () => {
    const fetch = api();
    const client = createApolloClient(vi.fn());
    startFirstData(client, firstDataOf('/home', portal));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(operationsOf(fetch.mock.calls[0])).toEqual([
      'Frame',
      'HomeSlidesAtivos',
      'HomeComunicadosRecentes',
      'HomeUltimosModificados',
      'HomeAnuncioAleatorio',
    ]);
    render(
      <I18nextProvider i18n={i18n}>
        <ApolloProvider client={client}>
          <MemoryRouter>
            <RecentCommunicationsCard />
          </MemoryRouter>
        </ApolloProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByText('Tabela de preços')).toBeTruthy();
    // A second ask would leave in the batch link's next task: give it time to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).toHaveBeenCalledOnce();

    // Coming back to /home later refreshes the card (cache-and-network).
    cleanup();
    render(
      <I18nextProvider i18n={i18n}>
        <ApolloProvider client={client}>
          <MemoryRouter>
            <RecentCommunicationsCard />
          </MemoryRouter>
        </ApolloProvider>
      </I18nextProvider>,
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(operationsOf(fetch.mock.calls[1])).toEqual(['HomeComunicadosRecentes']);
  });
});
