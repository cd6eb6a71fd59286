import crypto from 'node:crypto';
import { expect } from 'vitest';
import { type CookieClient, gql, multipart } from './browserless.js';

// What the user import's tests do as a browser would (docs/domains/user-import.md): upload a file, read the
// import's status, wait for the job.

export const IMPORT_STATUS = `{ importStatus { id fileName total done progress status simulacao criados atualizados
  semAlteracao rejeitadas erro erroMensagem } }`;

export type ImportStatusRow = {
  id: string;
  fileName: string;
  total: number;
  done: number;
  progress: number;
  status: string;
  simulacao: boolean;
  criados: number;
  atualizados: number;
  semAlteracao: number;
  rejeitadas: number;
  erro: string | null;
  erroMensagem: string | null;
};

/** `POST /import/users` as the screen sends it; the answer's status and body (202 `{ id }` when received). */
export async function uploadImport(
  client: CookieClient,
  base: string,
  name: string,
  data: Buffer,
  opts: { simulacao?: boolean } = {},
) {
  const { body, contentType } = multipart([
    ...(opts.simulacao ? [{ name: 'simulacao', value: 'true' }] : []),
    { name: 'file', filename: name, data },
  ]);
  const res = await client.fetch(`${base}/import/users`, {
    method: 'POST',
    body,
    headers: { 'content-type': contentType, origin: new URL(base).origin },
  });
  return { status: res.status, body: (await res.json()) as { id?: string; message?: string; error?: string } };
}

/** Uploads and expects the file received (202): the import's id. */
export async function uploadedImport(
  client: CookieClient,
  base: string,
  name: string,
  data: Buffer,
  simulacao = false,
) {
  const res = await uploadImport(client, base, name, data, { simulacao });
  expect(res.status).toBe(202);
  return res.body.id as string;
}

/** The import `id` as `importStatus` lists it for `client`. */
export async function importStatusOf(client: CookieClient, base: string, id: string): Promise<ImportStatusRow> {
  const res = await gql(client, base, IMPORT_STATUS);
  expect(res.errors).toBeUndefined();
  const found = (res.data.importStatus as ImportStatusRow[]).find((s) => s.id === id);
  if (!found) throw new Error(`import ${id} not listed`);
  return found;
}

/** Polls the import until `check` holds (every `everyMs`), or throws after `timeoutMs`. */
export async function importWhen(
  client: CookieClient,
  base: string,
  id: string,
  check: (s: ImportStatusRow) => boolean,
  timeoutMs = 60_000,
  everyMs = 150,
): Promise<ImportStatusRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await importStatusOf(client, base, id);
    if (check(s)) return s;
    if (Date.now() > until) throw new Error(`import ${id}: not within ${timeoutMs} ms (${JSON.stringify(s)})`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Waits for the job to end the import (FINISHED or ERROR). */
export const importEnded = (client: CookieClient, base: string, id: string, timeoutMs = 60_000) =>
  importWhen(client, base, id, (s) => s.status === 'FINISHED' || s.status === 'ERROR', timeoutMs);

/** A fresh valid CPF (digits), random per call. */
export function freshCpf(): string {
  const digits = [...crypto.randomBytes(9)].map((b) => b % 10);
  const check = (len: number) => {
    const sum = digits.slice(0, len).reduce((acc, d, i) => acc + d * (len + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  digits.push(check(9));
  digits.push(check(10));
  const cpf = digits.join('');
  return /^(\d)\1{10}$/.test(cpf) ? freshCpf() : cpf;
}
