import { ApolloError, useApolloClient } from '@apollo/client';
import { onlyDigits } from '@portal/domain';
import { GraphQLError } from 'graphql';
import { DealerChavesEmUsoDocument } from './dealers.generated';

type Keys = { cnpj: string; cnpjsAdicionais: string[]; codigoPrincipal: string; codigosAdicionais: string[] };
type KeyField = keyof Keys;

/**
 * The dealer wizard's lookups: a CNPJ (main or additional) or a code already another dealer's is said at the step
 * that holds it, not only by the save at the last step (the server checks again there, under its lock). Each taken
 * field gets the server's own message, as a BAD_USER_INPUT answer would put it (`showServerErrors`). A failed lookup
 * blocks nothing.
 */
export function useDealerKeyChecks(id: string | null) {
  const client = useApolloClient();

  /** The other dealers a CNPJ (digits) or code may belong to, by the list's search (exact matches kept by the caller). */
  const others = async (busca: string) => {
    const { data } = await client.query({
      query: DealerChavesEmUsoDocument,
      variables: { busca },
      fetchPolicy: 'network-only',
    });
    return data.dealers.content.filter((d) => d.id !== id);
  };

  /**
   * A BAD_USER_INPUT answer naming the fields whose values another dealer holds (`fields` says which keys to check:
   * 'cnpj' checks the main and additional CNPJs, 'codigoPrincipal' the codes); null when they are free.
   */
  return async (values: Keys, fields: readonly KeyField[]): Promise<ApolloError | null> => {
    const cnpjs = fields.includes('cnpj') ? [values.cnpj, ...values.cnpjsAdicionais].map(onlyDigits) : [];
    const codes = fields.includes('codigoPrincipal')
      ? [values.codigoPrincipal, ...values.codigosAdicionais].map((c) => c.trim())
      : [];
    const taken: Partial<Record<KeyField, string>> = {};
    try {
      for (const [i, cnpj] of cnpjs.entries()) {
        if (!cnpj) continue;
        const found = (await others(cnpj)).some((d) => d.cnpj === cnpj || d.cnpjsAdicionais.includes(cnpj));
        if (found) taken[i === 0 ? 'cnpj' : 'cnpjsAdicionais'] = 'organisation.cnpjTaken';
      }
      for (const [i, code] of codes.entries()) {
        if (!code) continue;
        const found = (await others(code)).some(
          (d) => d.codigoPrincipal === code || d.codigosAdicionais.includes(code),
        );
        if (found) taken[i === 0 ? 'codigoPrincipal' : 'codigosAdicionais'] = 'organisation.codeTaken';
      }
    } catch {
      return null;
    }
    if (!Object.keys(taken).length) return null;
    return new ApolloError({ graphQLErrors: [new GraphQLError('BAD_USER_INPUT', { extensions: { fields: taken } })] });
  };
}
