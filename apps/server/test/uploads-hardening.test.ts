import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepUnplacedUploads, UPLOAD_SWEEP_QUEUE } from '../src/modules/files/files.jobs.js';
import { findArquivo } from '../src/modules/files/files.queries.js';
import { signDownloadLink } from '../src/modules/files/files.service.js';
import { usuarioGrupoUsuarios } from '../src/modules/users/users.tables.js';
import { LOCAL_INCOMING_DIR } from '../src/platform/storage.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, multipart, signIn } from './browserless.js';
import {
  filesUnder,
  freePort,
  freshPostgresDatabase,
  onPostgres,
  startTestPortal,
  type TestPortal,
} from './harness.js';

// Issue 10, points 5, 6, 11 and 13a: an upload belongs to its uploader until one module places it;
// a download needs a reader's session and is checked when it happens; a declared oversize body is
// refused before it is read; temp files and uploads never placed do not stay forever.

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n`);
/** The upload limit of this file (UPLOAD_MAX_BYTES). */
const MAX = 200_000;

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-uploads-'));
  tempDirs.push(dir);
  return dir;
};

async function upload(client: CookieClient, base: string, fileType: string, filename: string, data: Buffer) {
  const { body, contentType } = multipart([
    { name: 'info', value: JSON.stringify({ fileType }) },
    { name: 'file', filename, data },
  ]);
  const res = await client.fetch(`${base}/api/upload`, {
    method: 'POST',
    body,
    headers: { 'content-type': contentType, origin: new URL(base).origin },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

describe('uploads: placement, downloads, limits and leftovers', () => {
  let portal: TestPortal;
  let base: string;
  let dataDir: string;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const group: Record<string, string> = {};

  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const save = (who: string, idsArquivos: string[], id?: string) =>
    q(
      who,
      `mutation ($id: ID, $c: ComunicadoInput!) { salvarComunicado(id: $id, comunicado: $c) { id arquivos { id } } }`,
      {
        id,
        c: {
          titulo: 'Com anexo',
          mensagem: '<p>Veja o anexo</p>',
          idsGruposUsuarios: [group['Rede Horizonte']],
          idsArquivos,
        },
      },
    );
  const placeInLibrary = (who: string, idArquivo: string, idPastaPai: string) =>
    q(
      who,
      `mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id arquivoLink arquivoMiniaturaLink } }`,
      { a: [{ idArquivo, idPastaPai }] },
    );
  const placedAt = async (id: string) => (await findArquivo(portal.services.db, id))?.colocadoEm ?? null;
  /** What a refused attachment answers, for an id that exists nowhere: every other refusal must equal it. */
  let missing: unknown;

  beforeAll(async () => {
    dataDir = tempDir();
    portal = await startTestPortal({
      env: { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX), UPLOAD_RETENTION_HOURS: '1' },
    });
    base = portal.baseUrl;
    for (const who of ['montadora', 'aprovador', 'dealer', 'dealer2']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
      ids[who] = (await q(who, '{ usuarioLogado { id } }')).data.usuarioLogado.id;
    }
    for (const g of (await q('montadora', '{ gruposUsuariosAtivos { id nome } }')).data.gruposUsuariosAtivos) {
      group[g.nome] = g.id;
    }
    missing = (await save('aprovador', [crypto.randomUUID()])).errors;
    expect(missing).toMatchObject([
      { extensions: { code: 'BAD_USER_INPUT', fields: { idsArquivos: 'validation.invalid' } } },
    ]);
  });
  afterAll(async () => {
    await portal?.stop();
  });

  describe('attachments belong to their uploader until placed', () => {
    it("another user cannot attach someone's unplaced upload: the answer is the one for a random id", async () => {
      const mine = await upload(as.montadora, base, 'COMUNICADO', 'confidencial.pdf', pdf('a'));
      expect((await save('aprovador', [mine])).errors).toEqual(missing);
      expect(await placedAt(mine)).toBeNull();
      const own = await save('montadora', [mine]);
      expect(own.errors).toBeUndefined();
      expect(own.data.salvarComunicado.arquivos).toEqual([{ id: mine }]);
      expect(await placedAt(mine)).not.toBeNull();
    });

    it('an upload attached to one communication cannot be attached to another, by anyone', async () => {
      const file = await upload(as.montadora, base, 'COMUNICADO', 'anexo.pdf', pdf('b'));
      expect((await save('montadora', [file])).errors).toBeUndefined();
      // The uploader themself, on a second communication, and another user: both as for a missing id.
      expect((await save('montadora', [file])).errors).toEqual(missing);
      expect((await save('aprovador', [file])).errors).toEqual(missing);
    });

    it('the same communication saved again keeps its attachments; one taken off is unplaced again', async () => {
      const first = await upload(as.montadora, base, 'COMUNICADO', 'um.pdf', pdf('1'));
      const second = await upload(as.montadora, base, 'COMUNICADO', 'dois.pdf', pdf('2'));
      const created = (await save('montadora', [first, second])).data.salvarComunicado;
      const again = await save('montadora', [second, first], created.id);
      expect(again.errors).toBeUndefined();
      expect(again.data.salvarComunicado.arquivos).toEqual([{ id: second }, { id: first }]);
      const fewer = await save('montadora', [second], created.id);
      expect(fewer.data.salvarComunicado.arquivos).toEqual([{ id: second }]);
      expect(await placedAt(first)).toBeNull();
      expect(await placedAt(second)).not.toBeNull();
    });

    it('a library upload is never an attachment, filed or not; an attachment is never filed', async () => {
      const folder = (
        await q('montadora', `mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }`, {
          p: { nome: 'Anexos não', idsGrupoAcesso: [group['Pós-venda']] },
        })
      ).data.criarNovaPasta;
      const filed = await upload(as.montadora, base, 'LIBRARY', 'biblioteca.pdf', pdf('l'));
      expect((await save('montadora', [filed])).errors).toEqual(missing);
      expect((await placeInLibrary('montadora', filed, folder.id)).errors).toBeUndefined();
      expect((await save('montadora', [filed])).errors).toEqual(missing);
      const attachment = await upload(as.montadora, base, 'COMUNICADO', 'anexo.pdf', pdf('c'));
      expect(code(await placeInLibrary('montadora', attachment, folder.id))).toBe('NOT_FOUND');
      expect(code(await placeInLibrary('montadora', crypto.randomUUID(), folder.id))).toBe('NOT_FOUND');
    });
  });

  describe('downloads check the session and access when they happen', () => {
    const get = (client: CookieClient | null, link: string) =>
      client ? client.fetch(`${base}${link}`) : fetch(`${base}${link}`);

    it('library: a reader downloads; no session, another user, or a reader who lost the group: 404', async () => {
      const folder = (
        await q('montadora', `mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }`, {
          p: { nome: 'Só Horizonte', tiposAcesso: [{ idGrupoAcesso: group['Rede Horizonte'], permissao: 'LEITURA' }] },
        })
      ).data.criarNovaPasta;
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0277bd' } })
        .png()
        .toBuffer();
      const uploaded = await upload(as.montadora, base, 'LIBRARY', 'foto.png', png);
      expect((await placeInLibrary('montadora', uploaded, folder.id)).errors).toBeUndefined();
      const [item] = (
        await q('dealer', `query ($id: ID) { itemsPorPasta(idPasta: $id) { arquivoLink arquivoMiniaturaLink } }`, {
          id: folder.id,
        })
      ).data.itemsPorPasta;

      expect((await get(as.dealer, item.arquivoLink)).status).toBe(200);
      expect((await get(as.dealer, item.arquivoMiniaturaLink)).status).toBe(200);
      expect((await get(null, item.arquivoLink)).status).toBe(404);
      expect((await get(null, item.arquivoMiniaturaLink)).status).toBe(404);
      // The link is the dealer's: another user's session does not open it, even a manager's.
      expect((await get(as.dealer2, item.arquivoLink)).status).toBe(404);
      expect((await get(as.montadora, item.arquivoLink)).status).toBe(404);

      // The dealer leaves the folder's group: the link in hand stops working at once.
      const membership = and(
        eq(usuarioGrupoUsuarios.usuarioId, ids.dealer),
        eq(usuarioGrupoUsuarios.grupoUsuariosId, group['Rede Horizonte']),
      );
      await portal.services.db.delete(usuarioGrupoUsuarios).where(membership);
      try {
        const gone = await get(as.dealer, item.arquivoLink);
        expect(gone.status).toBe(404);
        expect(await gone.json()).toEqual({ error: 'NOT_FOUND' });
        expect((await get(as.dealer, item.arquivoMiniaturaLink)).status).toBe(404);
      } finally {
        await portal.services.db
          .insert(usuarioGrupoUsuarios)
          .values({ usuarioId: ids.dealer, grupoUsuariosId: group['Rede Horizonte'] });
      }
      expect((await get(as.dealer, item.arquivoLink)).status).toBe(200);
    });

    it('communications: creator, approver and recipients download; others, even with a link made for them, 404', async () => {
      const attachment = await upload(as.montadora, base, 'COMUNICADO', 'circular.pdf', pdf('circular'));
      const id = (await save('montadora', [attachment])).data.salvarComunicado.id;
      // A draft's attachment: its creator yes, the future approver and recipients not yet.
      const forAprovador = await signDownloadLink(portal.services.db, attachment, {
        ttlSeconds: 60,
        userId: ids.aprovador,
      });
      expect((await get(as.aprovador, forAprovador)).status).toBe(404);

      await q('montadora', `mutation { enviarParaAprovacao(id: "${id}", aprovadorId: "${ids.aprovador}") { id } }`);
      expect((await get(as.aprovador, forAprovador)).status).toBe(200);
      const approved = await q('aprovador', `mutation { aprovarComunicado(id: "${id}") { id } }`);
      expect(approved.errors).toBeUndefined();
      await vi.waitFor(
        async () => {
          const envio = await q('dealer', `{ comunicadoEnvio(idComunicado: "${id}") { comunicado { id } } }`);
          expect(envio.errors).toBeUndefined();
        },
        { timeout: 15_000, interval: 100 },
      );

      const link = (
        await q('dealer', `{ comunicadoEnvio(idComunicado: "${id}") { comunicado { arquivos { arquivoLink } } } }`)
      ).data.comunicadoEnvio.comunicado.arquivos[0].arquivoLink;
      const ok = await get(as.dealer, link);
      expect(ok.status).toBe(200);
      expect(Buffer.from(await ok.arrayBuffer())).toEqual(pdf('circular'));
      expect((await get(null, link)).status).toBe(404);
      // dealer2 is not a recipient: neither the dealer's link nor one made for dealer2 opens.
      expect((await get(as.dealer2, link)).status).toBe(404);
      const forDealer2 = await signDownloadLink(portal.services.db, attachment, {
        ttlSeconds: 60,
        userId: ids.dealer2,
      });
      expect((await get(as.dealer2, forDealer2)).status).toBe(404);
      const forCreator = await signDownloadLink(portal.services.db, attachment, {
        ttlSeconds: 60,
        userId: ids.montadora,
      });
      expect((await get(as.montadora, forCreator)).status).toBe(200);

      // An errata carries its original's attachments (the web's errata form starts from them).
      const errata = await q(
        'montadora',
        `mutation ($c: ComunicadoInput!) { criarErrata(idOriginal: "${id}", justificativa: "Anexo corrigido no texto", comunicado: $c) { id arquivos { id } } }`,
        { c: { titulo: 'Errata', mensagem: '<p>v2</p>', idsArquivos: [attachment] } },
      );
      expect(errata.errors).toBeUndefined();
      expect(errata.data.criarErrata.arquivos).toEqual([{ id: attachment }]);
      const resaved = await save('montadora', [attachment], errata.data.criarErrata.id);
      expect(resaved.data.salvarComunicado.arquivos).toEqual([{ id: attachment }]);
    });

    it('an unplaced upload downloads for its uploader only', async () => {
      const mine = await upload(as.montadora, base, 'COMUNICADO', 'rascunho.pdf', pdf('r'));
      const forMe = await signDownloadLink(portal.services.db, mine, { ttlSeconds: 60, userId: ids.montadora });
      const forOther = await signDownloadLink(portal.services.db, mine, { ttlSeconds: 60, userId: ids.aprovador });
      expect((await get(as.montadora, forMe)).status).toBe(200);
      expect((await get(as.aprovador, forOther)).status).toBe(404);
    });
  });

  it('a declared Content-Length over the limit is 413 before the body is read; nothing reaches the disk', async () => {
    const root = path.join(dataDir, 'files');
    const before = filesUnder(root);
    const url = new URL(`${base}/api/upload`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(MAX * 100),
            cookie: as.montadora.cookieHeader(),
            origin: url.origin,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
      // A few bytes of the announced body, then silence: the answer must not wait for the rest.
      req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: 'PAYLOAD_TOO_LARGE',
      messageKey: 'library.upload.tooLarge',
    });
    expect(filesUnder(root)).toEqual(before);
  });

  it('the sweep removes unplaced uploads older than UPLOAD_RETENTION_HOURS (row, object, thumbnail); it is scheduled', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c62828' } })
      .png()
      .toBuffer();
    const stale = await upload(as.montadora, base, 'LIBRARY', 'esquecida.png', png);
    const recent = await upload(as.montadora, base, 'LIBRARY', 'recente.pdf', pdf('recente'));
    const attached = await upload(as.montadora, base, 'COMUNICADO', 'anexada.pdf', pdf('anexada'));
    expect((await save('montadora', [attached])).errors).toBeUndefined();
    // Retention is 1 hour here: two hours old goes, half an hour old stays, placed ones always stay.
    const age = (id: string, interval: string) =>
      portal.services.db.execute(sql`UPDATE arquivo SET created_at = now() - ${interval}::interval WHERE id = ${id}`);
    await age(stale, '2 hours');
    await age(recent, '30 minutes');
    await age(attached, '2 hours');
    const row = await findArquivo(portal.services.db, stale);
    expect(row?.thumbnailKey).toBeTruthy();
    const keys = [row?.storageKey as string, row?.thumbnailKey as string];
    expect(keys.every((k) => fs.existsSync(path.join(dataDir, 'files', k)))).toBe(true);

    expect(await sweepUnplacedUploads(portal.services)).toBeGreaterThanOrEqual(1);
    expect(await findArquivo(portal.services.db, stale)).toBeNull();
    expect(keys.some((k) => fs.existsSync(path.join(dataDir, 'files', k)))).toBe(false);
    expect(await findArquivo(portal.services.db, recent)).not.toBeNull();
    expect(await findArquivo(portal.services.db, attached)).not.toBeNull();
    // One schedule in pg-boss runs the sweep once per tick across all instances.
    const schedules = await portal.services.jobs.boss.getSchedules(UPLOAD_SWEEP_QUEUE);
    expect(schedules).toHaveLength(1);
  });
});

describe('a server killed during an upload', () => {
  it('leaves no temporary file after the next start; stored objects stay', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const database = onPostgres ? await freshPostgresDatabase() : undefined;
    const where = database ? { databaseUrl: database.url, env: { DATA_DIR: dataDir } } : { dataDir };
    try {
      const first = await startTestPortal({ port, ...where });
      const { client } = await signIn(first.baseUrl, 'montadora@portal.demo', DEMO_PASSWORD);
      const kept = await upload(client, first.baseUrl, 'LIBRARY', 'fica.pdf', pdf('fica'));
      const key = (await findArquivo(first.services.db, kept))?.storageKey as string;
      await first.close();
      // What a process killed mid-upload leaves: a half-written file in the incoming folder.
      const incoming = path.join(dataDir, 'files', LOCAL_INCOMING_DIR);
      fs.mkdirSync(incoming, { recursive: true });
      fs.writeFileSync(path.join(incoming, 'a1b2c3'), Buffer.alloc(4096));

      const second = await startTestPortal({ port, ...where });
      try {
        expect(filesUnder(incoming)).toEqual([]);
        expect(fs.existsSync(path.join(dataDir, 'files', key))).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await database?.drop();
    }
  });
});
