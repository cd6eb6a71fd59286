import crypto from 'node:crypto';
import { businessDay } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnplacedUploads } from '../src/modules/files/files.jobs.js';
import { findArquivo, imageSizesOf } from '../src/modules/files/files.queries.js';
import { signDownloadLink, signVariantLink } from '../src/modules/files/files.service.js';
import { VARIANT_WIDTHS } from '../src/modules/home-content/home-content.resolvers.js';
import { userGroupIdsByName } from '../src/modules/user-groups/user-groups.queries.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn, uploadFile } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

// Responsive WebP variants of slide and ad images (docs/domains/files.md#image-variants): made on
// upload for the file types that ask for them, never wider than the original, served like the file
// (session + signature + access check), removed with the file, listed narrowest first by slidesAtivos.

const variantRows = (portal: TestPortal, id: string) =>
  portal.services.db
    .execute(sql`SELECT largura, altura, storage_key FROM arquivo_variante WHERE arquivo_id = ${id} ORDER BY largura`)
    .then((r) => r.rows as { largura: number; altura: number; storage_key: string }[]);

describe('image variants', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const run = crypto.randomBytes(3).toString('hex');
  /** A PNG of `width`×`height` with some detail, so the encoders have work to do. */
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#0277bd' } })
      .composite([
        {
          input: Buffer.from(
            `<svg width="${width}" height="${height}"><circle cx="50%" cy="50%" r="40%" fill="#ffb300"/></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
  const fetchAs = (who: string | null, link: string) =>
    who ? as[who].fetch(`${base}${link}`) : fetch(`${base}${link}`);

  beforeAll(async () => {
    portal = await startTestPortal({ env: { UPLOAD_RETENTION_HOURS: '1' } });
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora', 'dealer', 'aprovador']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
      const [user] = await portal.services.db
        .select()
        .from(usuario)
        .where(eq(usuario.email, `${who}@portal.demo`));
      ids[who] = user.id;
    }
  });
  afterAll(() => portal?.stop());

  it('a 2000×700 SLIDE gets its size and a WebP variant at each slide width up to 2000, served with long cache', async () => {
    const id = await uploadFile(as.admin, base, 'banner.png', await png(2000, 700), 'SLIDE');
    expect(await findArquivo(portal.services.db, id)).toMatchObject({ largura: 2000, altura: 700 });
    const rows = await variantRows(portal, id);
    expect(rows.map((r) => r.largura)).toEqual(VARIANT_WIDTHS.SLIDE.filter((w) => w <= 2000));
    expect(rows.map((r) => r.largura)).toEqual([480, 768, 1140, 1600]);
    expect(rows.map((r) => r.altura)).toEqual([168, 269, 399, 560]);
    expect(rows.every((r) => /^variants\/[0-9a-f]{2}\/[0-9a-f]{32}$/.test(r.storage_key))).toBe(true);

    for (const { largura, altura } of rows) {
      const link = await signVariantLink(portal.services.db, id, largura, { ttlSeconds: 60, userId: ids.admin });
      expect(link).toMatch(new RegExp(`^/api/files/${id}/variant/${largura}\\?exp=\\d+&inline=1&sig=`));
      const res = await fetchAs('admin', link);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="banner.webp"/);
      expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
        format: 'webp',
        width: largura,
        height: altura,
      });
    }
    // A width that was not made, or a link signed for another width, opens nothing.
    const link480 = await signVariantLink(portal.services.db, id, 480, { ttlSeconds: 60, userId: ids.admin });
    expect((await fetchAs('admin', link480.replace('/variant/480', '/variant/768'))).status).toBe(404);
    const link2280 = await signVariantLink(portal.services.db, id, 2280, { ttlSeconds: 60, userId: ids.admin });
    expect((await fetchAs('admin', link2280)).status).toBe(404);
    expect((await fetchAs('admin', link480.replace('/variant/480', '/variant/abc'))).status).toBe(404);
  });

  it('an image smaller than every width gets none; a LIBRARY image gets its size but no variants', async () => {
    const tiny = await uploadFile(as.admin, base, 'tiny.png', await png(300, 100), 'SLIDE');
    expect(await findArquivo(portal.services.db, tiny)).toMatchObject({ largura: 300, altura: 100 });
    expect(await variantRows(portal, tiny)).toEqual([]);
    const library = await uploadFile(as.montadora, base, 'grande.png', await png(2000, 700), 'LIBRARY');
    expect(await findArquivo(portal.services.db, library)).toMatchObject({ largura: 2000, altura: 700 });
    expect(await variantRows(portal, library)).toEqual([]);
    const ad = await uploadFile(as.admin, base, 'ad.png', await png(400, 900), 'ANUNCIO');
    expect((await variantRows(portal, ad)).map((r) => [r.largura, r.altura])).toEqual([
      [175, 394],
      [350, 788],
    ]);
    const sizes = await imageSizesOf(portal.services.db, [tiny, ad, crypto.randomUUID()]);
    expect(Object.fromEntries(sizes)).toEqual({
      [tiny]: { largura: 300, altura: 100, variantes: [] },
      [ad]: {
        largura: 400,
        altura: 900,
        variantes: [
          { largura: 175, altura: 394 },
          { largura: 350, altura: 788 },
        ],
      },
    });
  });

  it('an image sharp cannot decode is still uploaded and downloads, without thumbnail or variants', async () => {
    const good = await png(1200, 400);
    // A sound header (the size is known, and recorded) over broken pixels: no output can be made.
    const brokenPixels = await uploadFile(
      as.admin,
      base,
      'quebrado.png',
      Buffer.concat([good.subarray(0, 64), Buffer.alloc(4096, 0x55)]),
      'SLIDE',
    );
    expect(await findArquivo(portal.services.db, brokenPixels)).toMatchObject({
      imagem: true,
      largura: 1200,
      altura: 400,
      thumbnailKey: null,
    });
    expect(await variantRows(portal, brokenPixels)).toEqual([]);
    const link = await signDownloadLink(portal.services.db, brokenPixels, { ttlSeconds: 60, userId: ids.admin });
    expect((await fetchAs('admin', link)).status).toBe(200);
  });

  it('a variant link opens only with the session of the user it was made for, who may see the file', async () => {
    // Unplaced: the uploader's alone.
    const id = await uploadFile(as.admin, base, 'privado.png', await png(1200, 400), 'SLIDE');
    const mine = await signVariantLink(portal.services.db, id, 480, { ttlSeconds: 60, userId: ids.admin });
    expect((await fetchAs('admin', mine)).status).toBe(200);
    expect((await fetchAs(null, mine)).status).toBe(404);
    expect((await fetchAs('montadora', mine)).status).toBe(404);
    // Signed for aprovador, who may not see an unplaced upload of admin's: refused like the file.
    const theirs = await signVariantLink(portal.services.db, id, 480, { ttlSeconds: 60, userId: ids.aprovador });
    expect((await fetchAs('aprovador', theirs)).status).toBe(404);
    const tampered = mine.replace(/exp=(\d+)/, (_m, e) => `exp=${Number(e) + 3600}`);
    expect((await fetchAs('admin', tampered)).status).toBe(404);
  });

  it('the sweep removes the variants with their unplaced file (rows and objects)', async () => {
    const id = await uploadFile(as.admin, base, 'esquecido.png', await png(1000, 400), 'SLIDE');
    const row = await findArquivo(portal.services.db, id);
    const keys = [row?.storageKey, row?.thumbnailKey, ...(await variantRows(portal, id)).map((r) => r.storage_key)];
    expect(keys).toHaveLength(4); // file, thumbnail, 480 and 768
    for (const key of keys) expect(await portal.services.storage.stat(key as string)).not.toBeNull();
    await portal.services.db.execute(sql`UPDATE arquivo SET created_at = now() - interval '2 hours' WHERE id = ${id}`);
    expect(await sweepUnplacedUploads(portal.services)).toBeGreaterThanOrEqual(1);
    expect(await findArquivo(portal.services.db, id)).toBeNull();
    expect(await variantRows(portal, id)).toEqual([]);
    for (const key of keys) expect(await portal.services.storage.stat(key as string)).toBeNull();
  });

  it('slidesAtivos gives the image size and its variants narrowest first, each link opening for the viewer', async () => {
    const groups = await userGroupIdsByName(portal.services.db, ['Rede Horizonte']);
    const today = businessDay(portal.services.clock.now());
    const arquivoId = await uploadFile(as.admin, base, 'home.png', await png(1140, 400), 'SLIDE');
    const saved = await gql(as.admin, base, 'mutation ($slide: SlideInput!) { salvarSlide(slide: $slide) { id } }', {
      slide: {
        titulo: `Variantes ${run}`,
        corTitulo: '#ffffff',
        tamanhoTitulo: 32,
        linkTarget: '_self',
        inicioDate: today,
        fimDate: today,
        arquivoId,
        grupos: [groups['Rede Horizonte']],
      },
    });
    expect(saved.errors).toBeUndefined();
    const active = await gql(
      as.dealer,
      base,
      '{ slidesAtivos { titulo arquivo { id largura altura variantes { largura altura link } } } }',
    );
    expect(active.errors).toBeUndefined();
    const slide = active.data.slidesAtivos.find((s: { titulo: string }) => s.titulo === `Variantes ${run}`);
    expect(slide.arquivo).toMatchObject({ id: arquivoId, largura: 1140, altura: 400 });
    const variantes = slide.arquivo.variantes as { largura: number; altura: number; link: string }[];
    expect(variantes.map((v) => [v.largura, v.altura])).toEqual([
      [480, 168],
      [768, 269],
      [1140, 400],
    ]);
    for (const v of variantes) {
      const res = await fetchAs('dealer', v.link);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
    // Links stay the same for a while (the browser's cache serves them), and are the viewer's own.
    const again = await gql(as.dealer, base, '{ slidesAtivos { titulo arquivo { variantes { link } } } }');
    const same = again.data.slidesAtivos.find((s: { titulo: string }) => s.titulo === `Variantes ${run}`);
    expect(same.arquivo.variantes.map((v: { link: string }) => v.link)).toEqual(variantes.map((v) => v.link));
    expect((await fetchAs('aprovador', variantes[0].link)).status).toBe(404);
  });
});
