import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { findArquivo } from '../src/modules/files/files.queries.js';
import { signDownloadLink, signThumbnailLink } from '../src/modules/files/files.service.js';
import { arquivo } from '../src/modules/files/files.tables.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, multipart, type Part, signIn } from './browserless.js';
import { filesUnder, startTestPortal, type TestPortal } from './harness.js';

/** The upload limit of these tests (UPLOAD_MAX_BYTES), small to keep them fast. */
const MAX = 200_000;

const INFO = { name: 'info', value: JSON.stringify({ fileType: 'LIBRARY' }) };
const pdf = (size = 1000) => {
  const head = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, crypto.randomBytes(Math.max(0, size - head.length - tail.length)), tail]);
};
const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
const exe = () => {
  const b = Buffer.alloc(512);
  b.write('MZ', 0);
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
};

async function until(check: () => boolean | Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Shared cases, run against the local disk and against an S3-compatible server. */
function uploadSuite(name: string, setup: () => Promise<{ env: Record<string, string>; objects: () => string[] }>) {
  describe(name, () => {
    let portal: TestPortal;
    let base: string;
    let montadora: CookieClient;
    /** montadora's user id: the links below are made for them, and downloaded with their session. */
    let me: string;
    let objects: () => string[];
    let png: Buffer;

    beforeAll(async () => {
      const s = await setup();
      objects = s.objects;
      portal = await startTestPortal({ env: { UPLOAD_MAX_BYTES: String(MAX), ...s.env } });
      base = portal.baseUrl;
      montadora = (await signIn(base, 'montadora@portal.demo', DEMO_PASSWORD)).client;
      [{ id: me }] = await portal.services.db
        .select({ id: usuario.id })
        .from(usuario)
        .where(eq(usuario.email, 'montadora@portal.demo'));
      png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0277bd' } })
        .png()
        .toBuffer();
    });
    afterAll(async () => {
      await portal?.stop();
    });

    const rows = () => portal.services.db.select().from(arquivo);
    const post = (parts: Part[], client: CookieClient | null = montadora, headers: Record<string, string> = {}) => {
      const { body, contentType } = multipart(parts);
      const init = { method: 'POST', body, headers: { 'content-type': contentType, ...headers } };
      return client ? client.fetch(`${base}/api/upload`, init) : fetch(`${base}/api/upload`, init);
    };
    const upload = async (filename: string, data: Buffer, infoFirst = true) => {
      const file = { name: 'file', filename, data };
      const res = await post(infoFirst ? [INFO, file] : [file, INFO]);
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { id: string }).id;
    };
    // The uploader downloads their own unplaced uploads (placed ones: uploads-hardening.test.ts).
    const download = (link: string, headers: Record<string, string> = {}) =>
      montadora.fetch(`${base}${link}`, { headers });

    it('upload returns the id of a new row, owned by the uploader, typed by content', async () => {
      const id = await upload('Relatório março.pdf', pdf(5000));
      const row = await findArquivo(portal.services.db, id);
      expect(row).toMatchObject({
        nome: 'Relatório março.pdf',
        contentType: 'application/pdf',
        tamanho: 5000,
        imagem: false,
        fileType: 'LIBRARY',
        thumbnailKey: null,
      });
      expect(row?.storageKey).toMatch(/^files\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
      expect(objects()).toContain(row?.storageKey);
    });

    it('every upload is audited in its transaction: who, name, size and types, never the content', async () => {
      const id = await upload('Auditado.pdf', pdf(3000));
      const audit = await portal.services.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidade, 'arquivo'), eq(auditoria.entidadeId, id)));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        usuarioId: me,
        acao: 'criar',
        antes: null,
        depois: { nome: 'Auditado.pdf', tamanho: 3000, contentType: 'application/pdf', fileType: 'LIBRARY' },
      });
      expect(Object.keys(audit[0].depois as object).sort()).toEqual(['contentType', 'fileType', 'nome', 'tamanho']);
      // A refused upload leaves no row, so no audit row either.
      const before = (await portal.services.db.select().from(auditoria).where(eq(auditoria.entidade, 'arquivo')))
        .length;
      expect((await post([INFO, { name: 'file', filename: 'x.exe', data: exe() }])).status).toBe(415);
      const after = (await portal.services.db.select().from(auditoria).where(eq(auditoria.entidade, 'arquivo'))).length;
      expect(after).toBe(before);
    });

    it('accepts the info field after the file', async () => {
      const id = await upload('notas.csv', Buffer.from('a;b\n1;2\n'), false);
      expect(await findArquivo(portal.services.db, id)).toMatchObject({ contentType: 'text/csv', tamanho: 8 });
    });

    it('signed out: 401 with a translated JSON error, no row; cross-site: 403', async () => {
      const before = (await rows()).length;
      const res = await post([INFO, { name: 'file', filename: 'a.pdf', data: pdf() }], null);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'UNAUTHENTICATED', message: expect.any(String) });
      const cross = await post([INFO, { name: 'file', filename: 'a.pdf', data: pdf() }], montadora, {
        origin: 'https://evil.example',
      });
      expect(cross.status).toBe(403);
      expect((await rows()).length).toBe(before);
    });

    it('bad info (missing, unknown fileType) is 400 and keeps nothing', async () => {
      const before = objects().length;
      const file = { name: 'file', filename: 'a.pdf', data: pdf() };
      expect((await post([file])).status).toBe(400);
      expect((await post([{ name: 'info', value: '{"fileType":"EVIL"}' }, file])).status).toBe(400);
      expect((await post([file, { name: 'info', value: 'not json' }])).status).toBe(400);
      expect((await post([INFO])).status).toBe(400);
      expect(objects().length).toBe(before);
    });

    it('over the limit: 413 while streaming, translated, nothing left in storage nor temp', async () => {
      const before = { rows: (await rows()).length, objects: objects().length };
      const res = await post([INFO, { name: 'file', filename: 'grande.pdf', data: pdf(MAX + 1) }]);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        error: 'PAYLOAD_TOO_LARGE',
        messageKey: 'library.upload.tooLarge',
        message: expect.any(String),
      });
      expect(await until(() => objects().length === before.objects)).toBe(true);
      expect((await rows()).length).toBe(before.rows);
      // Exactly at the limit is accepted.
      await upload('no-limite.pdf', pdf(MAX));
    });

    it('an upload aborted mid-stream leaves no file and no row', async () => {
      const before = { rows: (await rows()).length, objects: objects().length };
      const { body, contentType } = multipart([INFO, { name: 'file', filename: 'parcial.pdf', data: pdf(150_000) }]);
      const url = new URL(`${base}/api/upload`);
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': body.length, cookie: montadora.cookieHeader() },
      });
      req.on('error', () => {});
      req.write(body.subarray(0, 120_000));
      // Wait until the server is writing it, then drop the connection.
      await until(() => portal.services.storage.kind === 's3' || objects().length > before.objects, 2000);
      await new Promise((r) => setTimeout(r, 100));
      req.destroy();
      expect(await until(() => objects().length === before.objects)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(objects().length).toBe(before.objects);
      expect((await rows()).length).toBe(before.rows);
    });

    it('magic bytes decide: a .png name with PDF content is a PDF; ELF and EXE are 415', async () => {
      const id = await upload('foto.png', pdf());
      expect(await findArquivo(portal.services.db, id)).toMatchObject({
        contentType: 'application/pdf',
        imagem: false,
      });
      const before = { rows: (await rows()).length, objects: objects().length };
      for (const [filename, data] of [
        ['programa.pdf', elf()],
        ['setup.png', exe()],
        ['binario.txt', Buffer.from([1, 2, 3, 0, 0, 0, 4])],
      ] as const) {
        const res = await post([INFO, { name: 'file', filename, data }]);
        expect(res.status, filename).toBe(415);
        expect(await res.json()).toMatchObject({
          error: 'UNSUPPORTED_MEDIA_TYPE',
          messageKey: 'library.upload.unsupportedType',
        });
      }
      expect(objects().length).toBe(before.objects);
      expect((await rows()).length).toBe(before.rows);
    });

    it('hostile names are stored sanitised; the storage key never comes from the name', async () => {
      const text = Buffer.from('conteúdo\n');
      const cases: Array<[string, (nome: string) => void]> = [
        ['../../etc/passwd', (n) => expect(n).toBe('.._.._etc_passwd')],
        ['..\\..\\win.ini', (n) => expect(n).toBe('.._.._win.ini')],
        ['rel\u0000atorio\u0007.txt', (n) => expect(n).toBe('relatorio.txt')],
        ['\u202Egnp.exe', (n) => expect(n).toBe('gnp.exe')],
        ['a\u200Eb\u2066c\u0085d.txt', (n) => expect(n).toBe('abcd.txt')],
        ['   espaços.txt  ', (n) => expect(n).toBe('espaços.txt')],
        [
          `${'x'.repeat(300)}.txt`,
          (n) => {
            expect(Array.from(n).length).toBe(255);
            expect(n.endsWith('.txt')).toBe(true);
          },
        ],
      ];
      for (const [filename, check] of cases) {
        const row = await findArquivo(portal.services.db, await upload(filename, text));
        check(row?.nome as string);
        expect(row?.storageKey).toMatch(/^files\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
      }
      if (portal.services.storage.kind === 'local') {
        expect(objects().every((f) => /^(files|thumbnails)\/[0-9a-f]{2}\/[0-9a-f]{32}$/.test(f))).toBe(true);
      }
    });

    it('download: attachment with the UTF-8 name, nosniff, type, length, ranges', async () => {
      const data = pdf(3000);
      const id = await upload('Relatório março.pdf', data);
      const link = await signDownloadLink(portal.services.db, id, { ttlSeconds: 60, userId: me });
      expect(link).toMatch(new RegExp(`^/api/files/${id}\\?exp=\\d+&sig=[\\w-]+$`));

      const res = await download(link);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Relatorio marco.pdf"; filename*=UTF-8''Relat%C3%B3rio%20mar%C3%A7o.pdf`,
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(res.headers.get('content-length')).toBe('3000');
      expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);

      const part = await download(link, { range: 'bytes=100-199' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 100-199/3000');
      expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true);
      const open = await download(link, { range: 'bytes=2990-' });
      expect(open.status).toBe(206);
      expect(Buffer.from(await open.arrayBuffer()).equals(data.subarray(2990))).toBe(true);
      const suffix = await download(link, { range: 'bytes=-5' });
      expect(Buffer.from(await suffix.arrayBuffer()).equals(data.subarray(2995))).toBe(true);

      const bad = await download(link, { range: 'bytes=5000-6000' });
      expect(bad.status).toBe(416);
      expect(bad.headers.get('content-range')).toBe('bytes */3000');
    });

    it('expired, forged or re-targeted links answer 404, like a missing file', async () => {
      const id = await upload('segredo.pdf', pdf());
      const other = await upload('outro.pdf', pdf());
      const now = Date.now();
      // More than twice the ttl ago: a link is valid for `ttl` to twice that (the end of the next slot).
      const spy = vi.spyOn(Date, 'now').mockReturnValue(now - 180_000);
      const expired = await signDownloadLink(portal.services.db, id, { ttlSeconds: 60, userId: me });
      spy.mockRestore();
      expect((await download(expired)).status).toBe(404);

      const good = await signDownloadLink(portal.services.db, id, { ttlSeconds: 60, userId: me });
      expect((await download(good)).status).toBe(200);
      const sig = new URL(good, base).searchParams.get('sig') as string;
      const flipped = sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A');
      expect((await download(good.replace(sig, flipped))).status).toBe(404);
      expect((await download(good.replace(id, other))).status).toBe(404);
      expect((await download(good.replace(/exp=(\d+)/, (_m, e) => `exp=${Number(e) + 3600}`))).status).toBe(404);
      expect((await download(`${good}&inline=1`)).status).toBe(404);
      expect((await download(`/api/files/${id}`)).status).toBe(404);
      const missing = await signDownloadLink(portal.services.db, crypto.randomUUID(), { ttlSeconds: 60, userId: me });
      expect((await download(missing)).status).toBe(404);
      expect((await download(`/api/files/not-a-uuid?exp=1&sig=x`)).status).toBe(404);
    });

    it("a user's link stays the same URL during a slot of its ttl and is valid for at least the ttl", async () => {
      const id = await upload('cache.pdf', pdf());
      const { db } = portal.services;
      const slotStart = Math.ceil(Date.now() / 60_000) * 60_000;
      const spy = vi.spyOn(Date, 'now').mockReturnValue(slotStart + 1_000);
      const first = await signDownloadLink(db, id, { ttlSeconds: 60, userId: me });
      spy.mockReturnValue(slotStart + 59_000);
      expect(await signDownloadLink(db, id, { ttlSeconds: 60, userId: me })).toBe(first);
      expect(await signDownloadLink(db, id, { ttlSeconds: 60, userId: crypto.randomUUID() })).not.toBe(first);
      expect(await signDownloadLink(db, id, { ttlSeconds: 60, userId: me, inline: true })).not.toBe(first);
      spy.mockReturnValue(slotStart + 60_000);
      const next = await signDownloadLink(db, id, { ttlSeconds: 60, userId: me });
      spy.mockRestore();
      expect(next).not.toBe(first);
      const exp = (link: string) => Number(new URL(link, base).searchParams.get('exp'));
      expect(exp(first) * 1000 - (slotStart + 59_000)).toBeGreaterThanOrEqual(60_000);
      expect(exp(next) - exp(first)).toBe(60);
    });

    it('inline only for raster images; thumbnail for a png, none for a pdf', async () => {
      const pngId = await upload('Foto da loja.png', png);
      const pdfId = await upload('doc.pdf', pdf());
      const row = await findArquivo(portal.services.db, pngId);
      expect(row).toMatchObject({ contentType: 'image/png', imagem: true });
      expect(row?.thumbnailKey).toMatch(/^thumbnails\/[0-9a-f]{2}\/[0-9a-f]{32}$/);

      const inlinePng = await download(
        await signDownloadLink(portal.services.db, pngId, { inline: true, ttlSeconds: 60, userId: me }),
      );
      expect(inlinePng.headers.get('content-disposition')).toMatch(/^inline; filename="Foto da loja.png"/);
      expect(inlinePng.headers.get('content-type')).toBe('image/png');
      const attachedPng = await download(
        await signDownloadLink(portal.services.db, pngId, { ttlSeconds: 60, userId: me }),
      );
      expect(attachedPng.headers.get('content-disposition')).toMatch(/^attachment;/);
      const inlinePdf = await download(
        await signDownloadLink(portal.services.db, pdfId, { inline: true, ttlSeconds: 60, userId: me }),
      );
      expect(inlinePdf.status).toBe(200);
      expect(inlinePdf.headers.get('content-disposition')).toMatch(/^attachment;/);

      const thumb = await download(await signThumbnailLink(portal.services.db, pngId, { ttlSeconds: 60, userId: me }));
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/webp');
      expect(thumb.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
      // A file link does not open the thumbnail, nor the other way round.
      const fileLink = await signDownloadLink(portal.services.db, pngId, { ttlSeconds: 60, userId: me });
      expect((await download(fileLink.replace('?', '/thumbnail?'))).status).toBe(404);
      expect(
        (await download(await signThumbnailLink(portal.services.db, pdfId, { ttlSeconds: 60, userId: me }))).status,
      ).toBe(404);
    });

    it('the row is gone-proof: a deleted object answers 404', async () => {
      const id = await upload('sumiu.pdf', pdf());
      const row = await findArquivo(portal.services.db, id);
      await portal.services.storage.delete(row?.storageKey as string);
      expect(
        (await download(await signDownloadLink(portal.services.db, id, { ttlSeconds: 60, userId: me }))).status,
      ).toBe(404);
      await portal.services.db.delete(arquivo).where(eq(arquivo.id, id));
    });
  });
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};

uploadSuite('files on local disk: upload, limits, names, signed downloads', async () => {
  const dataDir = tempDir('portal-files-');
  const root = path.join(dataDir, 'files');
  // Everything under DATA_DIR/files, including the .incoming temp folder, counts.
  return { env: { DATA_DIR: dataDir }, objects: () => filesUnder(root) };
});

let s3: S3rver | undefined;
afterAll(async () => {
  await s3?.close();
});

uploadSuite('files on an S3-compatible server (s3rver): the same behaviour', async () => {
  const dir = tempDir('portal-s3-');
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'portal' }],
  });
  const { port } = await s3.run();
  const bucketDir = path.join(dir, 'portal');
  return {
    env: {
      DATA_DIR: tempDir('portal-s3data-'),
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'portal',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    // s3rver keeps each object as `<key>._S3rver_object` (+ metadata files) under the bucket folder.
    objects: () =>
      filesUnder(bucketDir)
        .filter((f) => f.endsWith('._S3rver_object'))
        .map((f) => f.replace(/\._S3rver_object$/, '')),
  };
});
