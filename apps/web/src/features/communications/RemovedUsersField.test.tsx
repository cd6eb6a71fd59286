// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Audiencia, UsuarioComunicado } from './communications.documents';
import { UsuariosAudienciaDocument } from './communications.generated';
import { RemovedUsersField } from './RemovedUsersField';
import { creator, Providers } from './test-factories';

const bruno: UsuarioComunicado = {
  __typename: 'UsuarioComunicado',
  id: 'u-10',
  nome: 'Bruno Vendas',
  email: 'bruno@horizonte.demo',
};
const carla: UsuarioComunicado = {
  __typename: 'UsuarioComunicado',
  id: 'u-11',
  nome: 'Carla Pós',
  email: 'carla@horizonte.demo',
};

const audience = (idsUsuariosRemovidos: string[] = []): Audiencia => ({
  idsGruposUsuarios: ['g1'],
  idsGrupos: [],
  emailsAvulsos: [],
  idsUsuariosRemovidos,
});

/** A search answer, counting how often the server was asked. */
function searchMock(busca: string, found: UsuarioComunicado[], removed: string[] = [], calls = { n: 0 }) {
  const mock: MockedResponse = {
    request: { query: UsuariosAudienciaDocument, variables: { audiencia: audience(removed), busca } },
    result: () => {
      calls.n += 1;
      return { data: { usuariosAudiencia: found } };
    },
    maxUsageCount: 5,
  };
  return { mock, calls };
}

/** The field with the form's state around it; the ids it reports are written to the page. */
function Harness({ initial = [] as UsuarioComunicado[], removed = [] as string[] }) {
  const [ids, setIds] = useState(removed);
  return (
    <>
      <RemovedUsersField audiencia={audience(ids)} initial={initial} onChange={setIds} />
      <output data-testid="ids">{ids.join(',')}</output>
    </>
  );
}

function renderField(mocks: MockedResponse[], props: { initial?: UsuarioComunicado[]; removed?: string[] } = {}) {
  render(
    <Providers user={creator()} mocks={mocks}>
      <Harness {...props} />
    </Providers>,
  );
  return screen.getByRole('combobox', { name: 'Buscar usuário para remover' });
}

describe('RemovedUsersField', () => {
  afterEach(() => cleanup());

  it('searches the audience 200 ms after the last key and adds the chosen user as removed', async () => {
    const early = { n: 0 };
    const search = searchMock('bru', [bruno]);
    const input = renderField([searchMock('b', [], [], early).mock, searchMock('br', [], [], early).mock, search.mock]);
    fireEvent.change(input, { target: { value: 'b' } });
    fireEvent.change(input, { target: { value: 'br' } });
    fireEvent.change(input, { target: { value: 'bru' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Bruno Vendas <bruno@horizonte.demo>' }));
    expect(search.calls.n).toBe(1);
    expect(early.n).toBe(0);
    expect(screen.getByTestId('ids').textContent).toBe('u-10');
    expect(screen.getByText('Bruno Vendas <bruno@horizonte.demo>')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('says when the audience has nobody matching', async () => {
    const input = renderField([searchMock('zzz', []).mock]);
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('Nenhum usuário do público encontrado.')).toBeTruthy();
  });

  it('shows the users removed before; deleting a chip puts the user back in the audience', async () => {
    renderField([], { initial: [bruno, carla], removed: ['u-10', 'u-11'] });
    const chip = screen.getByText('Carla Pós <carla@horizonte.demo>').closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(chip.querySelector('.MuiChip-deleteIcon') as Element);
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('u-10'));
    expect(screen.queryByText('Carla Pós <carla@horizonte.demo>')).toBeNull();
  });
});
