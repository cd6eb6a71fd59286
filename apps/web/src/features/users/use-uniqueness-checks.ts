import { useApolloClient } from '@apollo/client';
import { maskProblem } from '@portal/domain';
import { useState } from 'react';
import { UserFormUsuarioByCpfDocument, UserFormUsuarioByEmailDocument } from './user-form.generated';

type Taken = { email?: string; cpf?: string };

/**
 * The user form's lookups (SPEC §5): on create the e-mail must not belong to anyone (`usuarioByEmail`), and a
 * CPF must not belong to another user (`usuarioByCpf`; the same user is fine). Each answers the i18n key to show
 * on its field, kept until the field changes. A failed lookup blocks nothing: the server checks again on save.
 */
export function useUniquenessChecks(id: string | null) {
  const client = useApolloClient();
  const [taken, setTaken] = useState<Taken>({});
  const mark = (field: keyof Taken, key: string | undefined) => setTaken((t) => ({ ...t, [field]: key }));

  const checkEmail = async (email: string): Promise<boolean> => {
    const value = email.trim().toLowerCase();
    if (id || !value) return true;
    try {
      const { data } = await client.query({
        query: UserFormUsuarioByEmailDocument,
        variables: { email: value },
        fetchPolicy: 'network-only',
      });
      const free = !data.usuarioByEmail;
      mark('email', free ? undefined : 'users.emailTaken');
      return free;
    } catch {
      return true;
    }
  };

  const checkCpf = async (cpf: string): Promise<boolean> => {
    const value = cpf.trim();
    if (!value || maskProblem('cpf', value)) return true;
    try {
      const { data } = await client.query({
        query: UserFormUsuarioByCpfDocument,
        variables: { cpf: value },
        fetchPolicy: 'network-only',
      });
      const free = !data.usuarioByCpf || data.usuarioByCpf.id === id;
      mark('cpf', free ? undefined : 'users.cpfTaken');
      return free;
    } catch {
      return true;
    }
  };

  return {
    taken,
    /** Forgets a field's lookup answer (the field changed). */
    clear: (field: keyof Taken) => taken[field] && mark(field, undefined),
    checkEmail,
    checkCpf,
  };
}

export type UniquenessChecks = ReturnType<typeof useUniquenessChecks>;
