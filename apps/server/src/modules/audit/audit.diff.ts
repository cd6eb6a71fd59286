/** One field a change changed, as the audit screen shows it (docs/domains/audit.md#the-difference). */
export type AuditFieldChange = {
  /** The field's name, nested ones as a dotted path (`infos.dataAdmissao`). */
  campo: string;
  /** The value before as text; null when it had none (or for a secret). */
  antes: string | null;
  /** The value after as text; null when it has none (or for a secret). */
  depois: string | null;
  /** A secret field (decision 0028): it changed, its values are never shown. */
  secreto: boolean;
};

/**
 * Field names whose values are never shown (decision 0028): passwords and their hashes, tokens, keys, secrets
 * and signatures. `recordAudit` already drops the known ones when writing; this is the reader's own guard, for
 * rows written before a field was known or by another path.
 */
const SECRET_FIELD =
  /(senha|password|passwd|token|secret|segredo|hash|apikey|api_key|privatekey|private_key|p256dh|credential|credencial)|^(auth|key|chave_?privada|sig|signature|assinatura_?digital)$/i;

/** Whether a field (its last name) holds a secret. A boolean is no secret (`senhaDefinida`: whether one was set). */
export function isSecretField(campo: string, ...values: unknown[]): boolean {
  const name = campo.slice(campo.lastIndexOf('.') + 1);
  return SECRET_FIELD.test(name) && !values.every((v) => v === undefined || v === null || typeof v === 'boolean');
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value's fields by dotted path: plain objects are opened, arrays and scalars are leaves. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (prefix === '' && value !== null && value !== undefined && !isPlainObject(value)) return out.set('valor', value);
  if (isPlainObject(value) && (prefix === '' || Object.keys(value).length)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out.set(prefix, value);
  return out;
}

/** Masks every secret field of a stored value, at any depth (the raw `antes`/`depois` of the trail). */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSecretField(k, v) ? SECRET_MASK : maskSecrets(v)]),
    );
  return value;
}

/** What a masked secret reads as in the raw JSON of the trail. */
export const SECRET_MASK = '••••••';

/** Texts of the values shown: booleans in the reader's language. */
export type DiffTexts = { yes: string; no: string };

/** One value as text: strings as they are, booleans as yes/no, lists joined, objects as compact JSON. */
function asText(value: unknown, texts: DiffTexts): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (!value.length) return null;
    return value.map((v) => (isPlainObject(v) || Array.isArray(v) ? JSON.stringify(v) : asText(v, texts))).join(', ');
  }
  return JSON.stringify(value);
}

/** Nothing, an empty text and an empty list read the same: no value. */
const orNull = (v: unknown) => (v === undefined || v === '' || (Array.isArray(v) && !v.length) ? null : v);
const same = (a: unknown, b: unknown) => JSON.stringify(orNull(a)) === JSON.stringify(orNull(b));

/**
 * The readable difference of one audit row (decision 0028): the fields whose value changed, before → after.
 * A creation shows every field of `after`, a removal every field of `before`; when both exist, the fields of
 * `after` that differ from `before` (an `after` that records only what changed, as an activation does, leaves
 * the rest out). Secret fields appear only as changed, never with their values.
 */
export function auditDiff(before: unknown, after: unknown, texts: DiffTexts): AuditFieldChange[] {
  const antes = flatten(before);
  const depois = flatten(after);
  const fields = after === null || after === undefined ? [...antes.keys()] : [...depois.keys()];
  const changes: AuditFieldChange[] = [];
  for (const campo of fields) {
    const a = antes.get(campo);
    const d = depois.get(campo);
    if (same(a, d)) continue;
    if (isSecretField(campo, a, d)) changes.push({ campo, antes: null, depois: null, secreto: true });
    else changes.push({ campo, antes: asText(a, texts), depois: asText(d, texts), secreto: false });
  }
  return changes;
}
