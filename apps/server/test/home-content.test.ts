import crypto from 'node:crypto';
import { businessDay } from '@portal/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGroupIdsByName } from '../src/modules/user-groups/user-groups.queries.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn, uploadFile } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

// Slides and ads of /home (docs/domains/home.md): who sees what (active, window by the business clock,
// user groups), the random ad, and their administration (PORTAL_MANUTENCAO_SLIDES / _ANUNCIOS), audited.
// The deny matrix of api.test.ts covers the guards.

const DAY = 24 * 3600 * 1000;
const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const fields = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.fields;

const SLIDE_FIELDS = `id titulo corTitulo tamanhoTitulo subtitulo corSubtitulo tamanhoSubtitulo tituloBotao link linkTarget
  inicioDate fimDate arquivo { id nome arquivoLink } grupos { id nome } active createdDateTime emExibicao status`;
const AD_FIELDS =
  'id titulo link linkTarget inicioDate fimDate arquivo { id nome } grupos { nome } active emExibicao status';
const SAVE_SLIDE = `mutation ($id: ID, $slide: SlideInput!) { salvarSlide(id: $id, slide: $slide) { ${SLIDE_FIELDS} } }`;
const SAVE_AD = `mutation ($id: ID, $anuncio: AnuncioInput!) { salvarAnuncio(id: $id, anuncio: $anuncio) { ${AD_FIELDS} } }`;
const ACTIVE = '{ slidesAtivos { id titulo } }';
const RANDOM = '{ anuncioAleatorio { id titulo } }';
const LIST = `query ($busca: String, $status: StatusConteudoHome, $page: Int, $rowsPerPage: Int) {
  slides(busca: $busca, status: $status, page: $page, rowsPerPage: $rowsPerPage) { totalElements content { id titulo status } } }`;
const AUDIT = `query ($e: String!, $id: ID!) { auditoria(entidade: $e, entidadeId: $id) { content { acao antes depois usuario { email } } } }`;

describe('home content: slides and ads', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const run = crypto.randomBytes(3).toString('hex');
  let groups: Record<string, string>;
  let png: Buffer;
  /** The business day `n` days from the test portal's now. */
  const day = (n = 0) => businessDay(new Date(portal.services.clock.now().getTime() + n * DAY));
  const image = (kind: 'SLIDE' | 'ANUNCIO', who = 'admin') => uploadFile(as[who], base, `${kind}.png`, png, kind);
  const titles = async (who: string) =>
    ((await q(who, ACTIVE)).data.slidesAtivos as { titulo: string }[])
      .map((s) => s.titulo)
      .filter((t) => t.includes(run));
  const saveSlide = async (slide: Record<string, unknown>, id?: string) => {
    const res = await q('admin', SAVE_SLIDE, { id, slide });
    expect(res.errors).toBeUndefined();
    return res.data.salvarSlide;
  };
  const slideInput = async (change: Record<string, unknown> = {}) => ({
    titulo: `Slide ${run}`,
    corTitulo: '#ffffff',
    tamanhoTitulo: 32,
    subtitulo: 'Sub',
    tituloBotao: 'Ver',
    link: '/biblioteca',
    linkTarget: '_blank',
    inicioDate: day(),
    fimDate: day(2),
    arquivoId: await image('SLIDE'),
    grupos: [groups['Rede Horizonte']],
    ...change,
  });

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora', 'dealer', 'aprovador']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    }
    groups = await userGroupIdsByName(portal.services.db, ['Rede Horizonte', 'Pós-venda', 'Marketing']);
    png = await sharp({ create: { width: 114, height: 40, channels: 3, background: '#0277bd' } })
      .png()
      .toBuffer();
  });
  afterAll(() => portal?.stop());

  it('the demo seed shows its slide to Pós-venda and its ad to Rede Horizonte only', async () => {
    const seeded = (who: string) => q(who, ACTIVE).then((r) => r.data.slidesAtivos.map((s: any) => s.titulo));
    expect(await seeded('montadora')).toContain('Campanha de revisão');
    expect(await seeded('aprovador')).not.toContain('Campanha de revisão');
    expect((await q('dealer', RANDOM)).data.anuncioAleatorio).toMatchObject({ titulo: 'Feirão Horizonte' });
    expect((await q('aprovador', RANDOM)).data.anuncioAleatorio).toBeNull();
  });

  it('saves a slide with every field, checks the form rules per field, and audits', async () => {
    const input = await slideInput();
    const slide = await saveSlide(input);
    expect(slide).toMatchObject({
      titulo: `Slide ${run}`,
      corTitulo: '#ffffff',
      tamanhoTitulo: 32,
      corSubtitulo: null,
      tamanhoSubtitulo: null,
      linkTarget: '_blank',
      inicioDate: day(),
      fimDate: day(2),
      grupos: [{ nome: 'Rede Horizonte' }],
      active: true,
      emExibicao: true,
      status: 'EM_EXIBICAO',
      arquivo: { id: input.arquivoId, nome: 'SLIDE.png' },
    });
    expect(slide.arquivo.arquivoLink).toMatch(/^\/api\/files\//);
    expect((await as.admin.fetch(`${base}${slide.arquivo.arquivoLink}`)).status).toBe(200);

    const refused = async (change: Record<string, unknown>) => {
      const res = await q('admin', SAVE_SLIDE, { slide: { ...input, arquivoId: slide.arquivo.id, ...change } });
      expect(code(res)).toBe('BAD_USER_INPUT');
      return fields(res);
    };
    expect(await refused({ inicioDate: day(-1) })).toEqual({ inicioDate: 'homeContent.validation.startBeforeToday' });
    expect(await refused({ fimDate: day(-1) })).toEqual({ fimDate: 'homeContent.validation.endBeforeStart' });
    expect(await refused({ inicioDate: '' })).toEqual({ inicioDate: 'validation.required' });
    expect(await refused({ corTitulo: 'red', grupos: [] })).toEqual({
      corTitulo: 'homeContent.validation.colour',
      grupos: 'homeContent.validation.groupsRequired',
    });
    expect(await refused({ grupos: ['00000000-0000-4000-8000-000000000000'] })).toEqual({
      grupos: 'validation.invalid',
    });
    // The image is placed once: a placed upload, someone else's or one of the other kind is refused alike.
    expect(await refused({})).toEqual({ arquivoId: 'validation.invalid' });
    expect(await refused({ arquivoId: await image('ANUNCIO') })).toEqual({ arquivoId: 'validation.invalid' });
    const pdf = await uploadFile(as.admin, base, 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'SLIDE');
    expect(await refused({ arquivoId: pdf })).toEqual({ arquivoId: 'validation.invalid' });

    // An edit keeps its image and may change everything else.
    const edited = await saveSlide({ ...input, titulo: `Slide ${run} editado`, arquivoId: slide.arquivo.id }, slide.id);
    expect(edited).toMatchObject({ id: slide.id, titulo: `Slide ${run} editado` });
    const trail = (await q('admin', AUDIT, { e: 'slide', id: slide.id })).data.auditoria.content;
    expect(trail.map((r: any) => r.acao).sort()).toEqual(['criar', 'editar']);
    expect(trail[0].usuario.email).toBe('admin@portal.demo');
    expect(code(await q('admin', `{ slide(id: "${slide.id}") { id } }`))).toBeUndefined();
    expect(code(await q('admin', `{ anuncio(id: "${slide.id}") { id } }`))).toBe('NOT_FOUND');
  });

  it('shows a slide to its user groups only, inside its window, while active', async () => {
    const now = await saveSlide(await slideInput({ titulo: `Agora ${run}` }));
    const later = await saveSlide(
      await slideInput({ titulo: `Depois ${run}`, inicioDate: day(1), fimDate: day(1), grupos: [groups['Pós-venda']] }),
    );
    expect(later).toMatchObject({ status: 'AGENDADO', emExibicao: false });
    expect(await titles('dealer')).toEqual(expect.arrayContaining([`Agora ${run}`]));
    expect(await titles('dealer')).not.toContain(`Depois ${run}`);
    expect(await titles('montadora')).not.toContain(`Agora ${run}`);

    const inativo = await q('admin', `mutation { inativarSlide(id: "${now.id}") { status emExibicao } }`);
    expect(inativo.data.inativarSlide).toEqual({ status: 'INATIVO', emExibicao: false });
    expect(await titles('dealer')).not.toContain(`Agora ${run}`);
    const list = await q('admin', LIST, { busca: `AGORA ${run}`, status: 'INATIVO' });
    expect(list.data.slides).toMatchObject({ totalElements: 1, content: [{ id: now.id, status: 'INATIVO' }] });
    await q('admin', `mutation { ativarSlide(id: "${now.id}") { id } }`);
    expect(await titles('dealer')).toContain(`Agora ${run}`);
    const trail = (await q('admin', AUDIT, { e: 'slide', id: now.id })).data.auditoria.content;
    expect(trail.map((r: any) => r.acao).sort()).toEqual(['ativar', 'criar', 'inativar']);

    // The business clock moves a day: the later one starts (for Pós-venda), then both end.
    portal.services.clock.advance(DAY);
    expect(await titles('montadora')).toContain(`Depois ${run}`);
    expect(await titles('dealer')).toEqual(expect.arrayContaining([`Agora ${run}`, `Depois ${run}`]));
    // An edit keeps a start now past; it may not move one into the past.
    const kept = await q('admin', SAVE_SLIDE, {
      id: now.id,
      slide: {
        ...(await slideInput({ titulo: now.titulo, fimDate: now.fimDate })),
        inicioDate: now.inicioDate,
        arquivoId: now.arquivo.id,
      },
    });
    expect(kept.errors).toBeUndefined();
    const moved = await q('admin', SAVE_SLIDE, {
      id: later.id,
      slide: { ...(await slideInput()), inicioDate: day(-1), arquivoId: later.arquivo.id },
    });
    expect(fields(moved)).toEqual({ inicioDate: 'homeContent.validation.startBeforeToday' });
    portal.services.clock.advance(2 * DAY);
    expect(await titles('dealer')).toEqual([]);
    const ended = await q('admin', LIST, { busca: run, status: 'ENCERRADO', rowsPerPage: 50 });
    expect(ended.data.slides.content.map((s: any) => s.titulo)).toEqual(
      expect.arrayContaining([`Agora ${run}`, `Depois ${run}`]),
    );
    expect(fields(await q('admin', LIST, { rowsPerPage: 7 }))).toEqual({ rowsPerPage: 'validation.invalid' });
  });

  it('gives a random ad among those that qualify, a different one across loads', async () => {
    const ad = async (titulo: string, grupos: string[]) => {
      const res = await q('admin', SAVE_AD, {
        anuncio: { titulo, inicioDate: day(), fimDate: day(5), arquivoId: await image('ANUNCIO'), grupos },
      });
      expect(res.errors).toBeUndefined();
      return res.data.salvarAnuncio;
    };
    const a = await ad(`Anúncio A ${run}`, [groups.Marketing]);
    await ad(`Anúncio B ${run}`, [groups.Marketing, groups['Pós-venda']]);
    const hidden = await ad(`Anúncio C ${run}`, [groups.Marketing]);
    await q('admin', `mutation { inativarAnuncio(id: "${hidden.id}") { id } }`);
    expect(a).toMatchObject({ status: 'EM_EXIBICAO', grupos: [{ nome: 'Marketing' }], linkTarget: '_self' });

    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) seen.add((await q('aprovador', RANDOM)).data.anuncioAleatorio?.titulo);
    expect([...seen].sort()).toEqual([`Anúncio A ${run}`, `Anúncio B ${run}`]);
    const ads = await q('admin', `{ anuncios(busca: "${run}", status: INATIVO) { totalElements content { titulo } } }`);
    expect(ads.data.anuncios).toEqual({ totalElements: 1, content: [{ titulo: `Anúncio C ${run}` }] });
    const trail = (await q('admin', AUDIT, { e: 'anuncio', id: hidden.id })).data.auditoria.content;
    expect(trail.map((r: any) => r.acao).sort()).toEqual(['criar', 'inativar']);
  });

  it('refuses users without the keys (the deny matrix of api.test.ts covers every operation)', async () => {
    const res = await q('dealer', SAVE_SLIDE, { slide: await slideInput() });
    expect(code(res)).toBe('FORBIDDEN');
    expect(res.data).toBeNull();
    expect(code(await q('montadora', '{ anuncios { totalElements } }'))).toBe('FORBIDDEN');
  });
});
