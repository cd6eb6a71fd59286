import { type DocumentNode, type FieldNode, Kind, type ValueNode } from 'graphql';

/** What the denial log needs of the request's operation, kept on the context before execution. */
export type OperationInput = { document: DocumentNode; variables: Record<string, unknown> | undefined };

const stringOf = (value: ValueNode | undefined, variables: Record<string, unknown> | undefined): string | null => {
  if (!value) return null;
  if (value.kind === Kind.STRING) return value.value;
  if (value.kind === Kind.VARIABLE) {
    const v = variables?.[value.name.value];
    return typeof v === 'string' ? v : null;
  }
  return null;
};

/**
 * The root field an error's path starts at (its name, even when aliased) and that field's `id`
 * argument (or `idArquivo`, `entidadeId`...; literal or variable) when it has one: the operation and
 * item of a denial log line.
 */
export function deniedOperation(
  path: ReadonlyArray<string | number> | undefined,
  operation: OperationInput | undefined,
): { operation: string; id: string | null } {
  const key = typeof path?.[0] === 'string' ? path[0] : undefined;
  if (!key) return { operation: 'unknown', id: null };
  const roots = (operation?.document.definitions ?? []).flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION ? d.selectionSet.selections : [],
  );
  const field = roots.find((s): s is FieldNode => s.kind === Kind.FIELD && (s.alias?.value ?? s.name.value) === key);
  if (!field) return { operation: key, id: null };
  const args = field.arguments ?? [];
  const id = args.find((a) => a.name.value === 'id') ?? args.find((a) => /^id[A-Z]|Id$/.test(a.name.value));
  return { operation: field.name.value, id: stringOf(id?.value, operation?.variables) };
}
