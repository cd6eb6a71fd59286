import { ApolloError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { errorText } from './toast';

const t = (key: string) => `t(${key})`;

describe('errorText', () => {
  it("shows a GraphQL error's message, already translated by the server", () => {
    const error = new ApolloError({ graphQLErrors: [{ message: 'Senha atual inválida.' }] });
    expect(errorText(error, t)).toBe('Senha atual inválida.');
  });

  it('shows the generic text for a network error or any other failure', () => {
    expect(errorText(new ApolloError({ networkError: new Error('offline') }), t)).toBe('t(error.internal)');
    expect(errorText(new Error('boom'), t)).toBe('t(error.internal)');
    expect(errorText(undefined, t)).toBe('t(error.internal)');
  });

  it('translates a given message', () => {
    expect(errorText('error.forbidden', t)).toBe('t(error.forbidden)');
  });
});
