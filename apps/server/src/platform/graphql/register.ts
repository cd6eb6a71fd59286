import { BUSINESS_TIME_ZONE, LOCALE_BY_IDIOMA } from '@portal/domain';
import { formatDateTime, type Locale, resolveLocale, t } from '@portal/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type DocumentNode, GraphQLError, Kind, NoSchemaIntrospectionCustomRule } from 'graphql';
import mercurius from 'mercurius';
import type { Authenticate } from '../auth/authenticate.js';
import { AppError, badInput } from '../errors.js';
import { DENIAL_CODES, type DenialCode, logDenial, logRouteDenial } from '../http/denials.js';
import { isSameOrigin } from '../http/origin.js';
import { noteGraphqlOperation } from '../metrics.js';
import type { PortalModule } from '../module.js';
import type { Services } from '../services.js';
import type { GraphQLContext } from './context.js';
import { deniedOperation, type OperationInput } from './denials.js';
import { aliasLimitRule, costLimitRule, fieldWithInvalidText } from './limits.js';
import { buildResolvers, loadTypeDefs } from './schema.js';
import { sessionReadsOf } from './session-reads.js';

type ErrorParams = Record<string, string | number | Date>;

/** An error's parameters as its message shows them: dates in the request's language and the business time zone. */
function readableParams(params: ErrorParams | undefined, locale: Locale): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params ?? {}).map(([k, v]) => [
      k,
      v instanceof Date ? formatDateTime(locale, v, BUSINESS_TIME_ZONE) : v,
    ]),
  );
}

/** An error's parameters as clients receive them (`extensions.messageParams`): dates as ISO 8601. */
function wireParams(params: ErrorParams): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/**
 * Maps one execution error to what clients see (docs/domains/api.md#error-codes): stable codes, translated, internals
 * masked.
 */
export function formatError(err: GraphQLError, locale: Locale, log: (obj: object, msg: string) => void) {
  const original = err.originalError;
  if (original instanceof AppError) {
    return {
      message: t(locale, original.message, readableParams(original.params, locale)),
      path: err.path,
      extensions: {
        code: original.code,
        messageKey: original.message,
        ...(original.fields ? { fields: original.fields } : {}),
        ...(original.params ? { messageParams: wireParams(original.params) } : {}),
      },
    };
  }
  if (!original || original.name === 'GraphQLError') {
    // Syntax, validation and coercion errors: the client's own document; no internals inside.
    const key = err.message.startsWith('error.') ? err.message : undefined;
    return {
      message: key ? t(locale, key) : err.message,
      locations: err.locations,
      path: err.path,
      extensions: {
        code: (err.extensions?.code as string) ?? 'GRAPHQL_VALIDATION_FAILED',
        ...(key ? { messageKey: key } : {}),
      },
    };
  }
  log({ err: original, path: err.path }, 'internal error in resolver');
  return {
    message: t(locale, 'error.internal'),
    path: err.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', messageKey: 'error.internal' },
  };
}

/** graphql-js suggests names ("Did you mean …?") in several messages; production shows none (schema hints). */
const withoutSuggestions = (message: string) => message.replace(/\s*Did you mean [\s\S]*$/, '');

/**
 * A request refused by Fastify before GraphQL ran (body over the limit, malformed JSON): its own
 * HTTP status (413, 400, 415) with a GraphQL-shaped body, instead of a masked 200.
 */
function httpRefusal(err: GraphQLError | undefined, locale: Locale) {
  const original = err?.originalError as { code?: unknown; statusCode?: unknown } | undefined;
  const status = original?.statusCode;
  if (typeof original?.code !== 'string' || !original.code.startsWith('FST_')) return null;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  const [code, key] =
    status === 413 ? ['PAYLOAD_TOO_LARGE', 'error.requestTooLarge'] : ['BAD_REQUEST', 'error.badRequest'];
  return {
    statusCode: status,
    response: { data: null, errors: [{ message: t(locale, key), extensions: { code, messageKey: key } }] },
  };
}

/**
 * At most this many operations in one batched request (an array body). The web's client batches the operations a
 * screen starts together (/home's four) into one request; each is still validated, limited and guarded on its own.
 */
export const MAX_BATCHED_OPERATIONS = 10;

/** Mounts the GraphQL API of `modules` at /api/graphql (mercurius with JIT, limits, guards, batching; loaders.ts). */
export async function registerGraphQL(
  app: FastifyInstance,
  services: Services,
  authenticate: Authenticate,
  modules: PortalModule[],
) {
  const { config } = services;
  const production = config.env === 'production';
  const readsOf = sessionReadsOf(modules, config.graphql.maxTokens);
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/api/graphql') || request.method !== 'POST') return;
    if (request.cookies?.portal_sid && !isSameOrigin(request, config.publicUrl)) {
      logRouteDenial(request, 'FORBIDDEN', null);
      await reply.code(403).send({ errors: [{ message: 'CSRF', extensions: { code: 'FORBIDDEN' } }] });
      return;
    }
    if (Array.isArray(request.body) && (request.body.length === 0 || request.body.length > MAX_BATCHED_OPERATIONS)) {
      const locale = resolveLocale(request.headers['accept-language']);
      const key = 'error.badRequest';
      await reply.code(400).send({
        data: null,
        errors: [{ message: t(locale, key), extensions: { code: 'BAD_REQUEST', messageKey: key } }],
      });
    }
  });
  await app.register(mercurius, {
    schema: loadTypeDefs(modules),
    resolvers: buildResolvers(modules),
    path: '/api/graphql',
    jit: 1,
    graphiql: !production,
    queryDepth: config.graphql.maxDepth,
    allowBatchedQueries: true,
    graphql: {
      // Parsing stops at this many tokens: a huge document never reaches validation.
      parseOptions: { maxTokens: config.graphql.maxTokens },
      // graphql-js takes hideSuggestions; mercurius' types only know maxErrors.
      validateOptions: { hideSuggestions: production } as { maxErrors?: number },
    },
    validationRules: [
      aliasLimitRule(config.graphql.maxAliases),
      costLimitRule(config.graphql.maxCost),
      ...(production ? [NoSchemaIntrospectionCustomRule] : []),
    ],
    context: async (request, reply): Promise<Omit<GraphQLContext, never>> => {
      const now = services.clock.now();
      const auth = await authenticate(request, { reads: readsOf(request.body), now });
      const locale = auth ? LOCALE_BY_IDIOMA[auth.user.idioma] : resolveLocale(request.headers['accept-language']);
      return { services, user: auth?.user ?? null, locale, request, reply, preloaded: auth?.preloaded };
    },
    errorFormatter: (execution, context) => {
      const ctx = context as unknown as Partial<GraphQLContext> & {
        reply?: { request?: FastifyRequest };
        operationInput?: OperationInput;
      };
      const locale = ctx.locale ?? resolveLocale(ctx.reply?.request?.headers?.['accept-language']);
      if (ctx.reply?.request) noteGraphqlOperation(ctx.reply.request, { errored: true });
      const refusal = httpRefusal(execution.errors[0], locale);
      if (refusal) return refusal;
      const log = ctx.reply?.request?.log ?? app.log;
      for (const e of execution.errors) {
        const code = e.originalError instanceof AppError ? e.originalError.code : undefined;
        if (!code || !DENIAL_CODES.includes(code)) continue;
        const { operation, id } = deniedOperation(e.path, ctx.operationInput);
        logDenial(log, { code: code as DenialCode, userId: ctx.user?.id ?? null, operation, id });
      }
      // mercurius wraps syntax/validation failures in one error carrying the list (MER_ERR_GQL_VALIDATION).
      const invalid = execution.errors.flatMap((e) => {
        const inner = (e.originalError as { errors?: GraphQLError[] } | undefined)?.errors;
        return Array.isArray(inner) ? inner : [];
      });
      if (invalid.length) {
        const errors = invalid.map((e) =>
          formatError(
            new GraphQLError(production ? withoutSuggestions(e.message) : e.message, {
              nodes: e.nodes,
              extensions: e.extensions,
            }),
            locale,
            () => {},
          ),
        );
        return { statusCode: 400, response: { data: null, errors } };
      }
      const errors = execution.errors
        .map((e) => formatError(e, locale, (obj, msg) => app.log.error(obj, msg)))
        .map((e) => (production ? { ...e, message: withoutSuggestions(e.message) } : e));
      return { statusCode: 200, response: { data: execution.data ?? null, errors } };
    },
  });

  app.graphql.addHook('preExecution', async (_schema, document, context, variables) => {
    noteGraphqlOperation((context as unknown as GraphQLContext).request, { fields: rootFieldsOf(document) });
    // Kept for the denial log: which root field, which id.
    (context as { operationInput?: OperationInput }).operationInput = {
      document,
      variables: variables as Record<string, unknown> | undefined,
    };
    const field = fieldWithInvalidText(document, variables);
    if (field) throw badInput({ [field]: 'validation.invalidText' });
  });
}

/**
 * The operations a request asks for, as the metrics name them: its root fields (the spec's operation names, a set
 * the schema bounds, unlike the client's free operationName).
 */
function rootFieldsOf(document: DocumentNode): string[] {
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return [];
  const names = operation.selectionSet.selections.flatMap((s) => (s.kind === Kind.FIELD ? [s.name.value] : []));
  return [...new Set(names)];
}
