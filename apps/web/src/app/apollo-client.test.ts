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

/**
 * Stubs fetch with one JSON answer of the API: for a batched request (an array body) an array of that answer, one per
 * operation, as the server answers a batch; a refusal (non-2xx) comes as one object, as the server sends it.
 */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    const operations = JSON.parse(String(init?.body)) as unknown;
    const json = Array.isArray(operations) && status < 300 ? operations.map(() => body) : body;
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const failure = (code: string) => ({
  data: null,
  errors: [{ message: code, path: ['usuarioLogado'], extensions: { code } }],
});

describe('createApolloClient', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the devtools off under Vitest (their 10 s timer fired after the file had torn its window down)', () => {
    expect(createApolloClient(() => {}).devtoolsConfig.enabled).toBe(false);
  });

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

  it('sends the operations started together as one request, each answered on its own', async () => {
    const fetch = answer(200, { data: { usuarioLogado: { __typename: 'UsuarioLogado', id: '1' } } });
    const client = createApolloClient(vi.fn());
    const other = gql`
      query Outro {
        usuarioLogado {
          id
        }
      }
    `;
    const [a, b] = await Promise.all([client.query({ query: QUERY }), client.query({ query: other })]);
    expect(fetch).toHaveBeenCalledOnce();
    const sent = JSON.parse(String(fetch.mock.calls[0][1]?.body)) as { operationName: string }[];
    expect(sent.map((o) => o.operationName)).toEqual(['UsuarioLogado', 'Outro']);
    expect(a.data.usuarioLogado.id).toBe('1');
    expect(b.data.usuarioLogado.id).toBe('1');
  });
});
