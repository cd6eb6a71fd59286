import { gql } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from './apollo-client';

const QUERY = gql`
  query UsuarioLogado {
    usuarioLogado {
      id
    }
  }
`;

/** Stubs fetch with one JSON answer of the API. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const failure = (code: string) => ({
  data: null,
  errors: [{ message: code, path: ['usuarioLogado'], extensions: { code } }],
});

describe('createApolloClient', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks to sign in when an operation answers UNAUTHENTICATED', async () => {
    answer(200, failure('UNAUTHENTICATED'));
    const onUnauthenticated = vi.fn();
    await expect(createApolloClient(onUnauthenticated).query({ query: QUERY })).rejects.toThrow();
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('also when the answer is not 2xx', async () => {
    answer(400, { data: null, errors: [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }] });
    const onUnauthenticated = vi.fn();
    await expect(createApolloClient(onUnauthenticated).query({ query: QUERY })).rejects.toThrow();
    expect(onUnauthenticated).toHaveBeenCalledOnce();
  });

  it('does not for other errors', async () => {
    answer(200, failure('FORBIDDEN'));
    const onUnauthenticated = vi.fn();
    await expect(createApolloClient(onUnauthenticated).query({ query: QUERY })).rejects.toThrow();
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it('posts to /api/graphql with the same-origin session cookie', async () => {
    const fetch = answer(200, { data: { usuarioLogado: { __typename: 'UsuarioLogado', id: '1' } } });
    await createApolloClient(vi.fn()).query({ query: QUERY });
    expect(fetch).toHaveBeenCalledWith('/api/graphql', expect.objectContaining({ credentials: 'same-origin' }));
  });
});
