/**
 * Seeds the /home data scenario of `npm run bench` (bench/src/run.ts) in plain SQL, on PostgreSQL or PGlite
 * alike, after the portal has migrated and seeded its demo data. bench/src/server.ts runs it before it
 * listens when BENCH_SEED_HOME=1 (the in-memory PGlite lives in that process).
 *
 * For dealer@portal.demo, who reads /home in the scenario:
 * - user groups: the demo's Rede Horizonte and Pós-venda, plus three bench groups; a fourth bench group
 *   ("Bench Home Outra rede") holds only other people;
 * - 20 slides and 10 ads (the demo's own /home content is removed first), each with an image upload:
 *   12 slides and 5 ads shown to the dealer today (two on the edges of their window), the rest scheduled,
 *   ended, inactive or for other groups only (see HOME_SLIDES / HOME_ADS);
 * - 300 communications sent, each delivered to every user: the 3 most recent are hidden from the card
 *   (archived, display window over, display window not started), so the card's 5 are numbers 3..7;
 * - the library: `libraryItems` items (bench/src/library-seed.ts: a 10,000-item folder and the rest
 *   spread over 999 folders, half readable through Rede Horizonte).
 * Ids are md5-derived uuids (`md5(prefix || n)::uuid`), so run.ts can name the expected rows (`benchUuid`).
 */
import crypto from 'node:crypto';
import { type Exec, seedLibrary } from './library-seed.js';

/** The user whose /home the scenario loads. */
export const HOME_USER = 'dealer@portal.demo';

/** What each seeded slide or ad is; `shown` ones are what slidesAtivos / anuncioAleatorio may answer. */
type Placement = 'shown' | 'scheduled' | 'ended' | 'inactive' | 'other groups';
const placements = (counts: [Placement, number][]): Placement[] => counts.flatMap(([p, n]) => Array(n).fill(p));
export const HOME_SLIDES = placements([
  ['shown', 12],
  ['scheduled', 3],
  ['ended', 2],
  ['inactive', 1],
  ['other groups', 2],
]);
export const HOME_ADS = placements([
  ['shown', 5],
  ['scheduled', 1],
  ['ended', 1],
  ['inactive', 1],
  ['other groups', 2],
]);
export const HOME_COMMUNICATIONS = 300;
/** The communications comunicadoEnviosRecentes(limite: 5) answers, newest first (0..2 are hidden from the card). */
export const RECENT_COMMUNICATIONS = [3, 4, 5, 6, 7];

/** The uuid PostgreSQL's `md5(prefix || n)::uuid` gives, for the expected answers. */
export function benchUuid(prefix: string, n: number): string {
  const h = crypto.createHash('md5').update(`${prefix}${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
export const slideId = (k: number) => benchUuid('bench-home-slide-', k);
export const adId = (k: number) => benchUuid('bench-home-ad-', k);
export const communicationId = (k: number) => benchUuid('bench-home-comm-', k);

const uid = (prefix: string, n: string | number) => `md5('${prefix}' || (${n}))::uuid`;
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

const BENCH_GROUPS = ['Bench Home Regional', 'Bench Home Campanhas', 'Bench Home Treinamento'];
const OTHER_GROUP = 'Bench Home Outra rede';

/** The window and `active` of a slide or ad placed as `p`, as SQL values; `k` spreads the dates. */
function windowOf(p: Placement, k: number, today: string): { inicio: string; fim: string; active: boolean } {
  const day = (offset: number) => `(${q(today)}::date + ${offset})`;
  switch (p) {
    case 'shown':
      // The first starts today and the second ends today: the window's edges are inclusive.
      return { inicio: day(k === 0 ? 0 : -(3 * k + 1)), fim: day(k === 1 ? 0 : 10 + k), active: true };
    case 'scheduled':
      return { inicio: day(5 + k), fim: day(40 + k), active: true };
    case 'ended':
      return { inicio: day(-60 - k), fim: day(-1), active: true };
    case 'inactive':
      return { inicio: day(-2), fim: day(20), active: false };
    case 'other groups':
      return { inicio: day(-3), fim: day(25), active: true };
  }
}

export type HomeSeedInfo = { seconds: number; libraryItems: number; dealerGroups: number };

/**
 * Seeds the /home data for HOME_USER (see the file comment); `today` is the business day ('YYYY-MM-DD')
 * the server will judge the windows by.
 */
export async function seedHome(
  exec: Exec,
  today: string,
  libraryItems: number,
  log: (msg: string) => void,
): Promise<HomeSeedInfo> {
  const started = performance.now();
  const [dealer] = await exec(`SELECT id FROM usuario WHERE email = ${q(HOME_USER)}`);
  const [owner] = await exec(`SELECT id FROM usuario WHERE email = 'montadora@portal.demo'`);
  const [dep] = await exec(`SELECT id FROM departamento ORDER BY nome LIMIT 1`);
  if (!dealer || !owner) throw new Error('home seed: the demo users are missing');
  const dealerId = `'${dealer.id}'::uuid`;
  const ownerId = `'${owner.id}'::uuid`;

  // User groups: three more for the dealer, one for other people only.
  const groupValues = [...BENCH_GROUPS, OTHER_GROUP].map((nome, i) => `(${uid('bench-home-ug-', i)}, ${q(nome)})`);
  await exec(`INSERT INTO grupo_usuarios (id, nome) VALUES ${groupValues.join(', ')};
    INSERT INTO usuario_grupo_usuarios (usuario_id, grupo_usuarios_id)
      SELECT ${dealerId}, ${uid('bench-home-ug-', 'k')} FROM generate_series(0, ${BENCH_GROUPS.length - 1}) k;
    INSERT INTO usuario_grupo_usuarios (usuario_id, grupo_usuarios_id)
      SELECT u.id, ${uid('bench-home-ug-', BENCH_GROUPS.length)} FROM usuario u WHERE u.email = 'dealer2@portal.demo';`);
  const dealerGroups = (await exec(
    `SELECT grupo_usuarios_id AS id FROM usuario_grupo_usuarios WHERE usuario_id = ${dealerId} ORDER BY grupo_usuarios_id`,
  )) as { id: string }[];
  const otherGroup = uid('bench-home-ug-', BENCH_GROUPS.length);

  // Slides and ads, in place of the demo's.
  await exec(`DELETE FROM conteudo_home`);
  const content = (tipo: 'SLIDE' | 'ANUNCIO', list: Placement[], prefix: string) =>
    list.map((p, k) => {
      const id = uid(prefix, k);
      const arquivoId = uid(`${prefix}arq-`, k);
      const w = windowOf(p, k, today);
      const slideOnly =
        tipo === 'SLIDE'
          ? `'#ffffff', 36, ${q(`Condições especiais até o fim do mês nº ${k}`)}, '#f0f0f0', 20, 'Saiba mais'`
          : 'NULL, NULL, NULL, NULL, NULL, NULL';
      const titulo = tipo === 'SLIDE' ? `Campanha de revisão nº ${k}` : `Feirão de seminovos nº ${k}`;
      // Shown ones: one of the dealer's groups each (every third also the other group); the rest: the other group
      // when "other groups", else a dealer's group (they are hidden by their window or state).
      const groups =
        p === 'other groups'
          ? [otherGroup]
          : [`'${dealerGroups[k % dealerGroups.length].id}'::uuid`, ...(k % 3 === 0 ? [otherGroup] : [])];
      return `INSERT INTO arquivo (id, storage_key, nome, content_type, tamanho, imagem, proprietario_id, file_type, colocado_em)
          VALUES (${arquivoId}, 'bench/home/' || ${arquivoId}, ${q(`banner-${k}.jpg`)}, 'image/jpeg', 180000, true,
                  ${ownerId}, '${tipo}', now());
        INSERT INTO conteudo_home (id, tipo, titulo, cor_titulo, tamanho_titulo, subtitulo, cor_subtitulo,
            tamanho_subtitulo, titulo_botao, link, link_target, inicio_date, fim_date, arquivo_id, active, created_date_time)
          VALUES (${id}, '${tipo}', ${q(titulo)}, ${slideOnly}, '/comunicados', '${k % 2 ? '_blank' : '_self'}',
                  ${w.inicio}, ${w.fim}, ${arquivoId}, ${w.active}, now() - interval '${k} hours');
        INSERT INTO conteudo_home_grupo (conteudo_id, grupo_usuarios_id) VALUES ${groups.map((g) => `(${id}, ${g})`).join(', ')};`;
    });
  await exec(
    [...content('SLIDE', HOME_SLIDES, 'bench-home-slide-'), ...content('ANUNCIO', HOME_ADS, 'bench-home-ad-')].join(
      '\n',
    ),
  );

  // Communications: number k was sent k * 7 hours ago, to every user; 0..2 are hidden from the card.
  const comm = (k: string) => uid('bench-home-comm-', k);
  await exec(`INSERT INTO comunicado (id, titulo, mensagem, status, criador_id, departamento_id, envio_date_time,
        data_inicio_exibicao, data_fim_exibicao, etiquetas)
      SELECT ${comm('k')}, 'Comunicado à rede nº ' || k || ': campanha de revisão', '<p>Prezada rede, campanha nº ' || k || '.</p>',
             'ENVIADO', ${ownerId}, ${dep ? `'${dep.id}'::uuid` : 'NULL'}, now() - k * interval '7 hours',
             CASE WHEN k = 2 THEN now() + interval '1 day' END, CASE WHEN k = 1 THEN now() - interval '1 hour' END,
             ARRAY['bench']
        FROM generate_series(0, ${HOME_COMMUNICATIONS - 1}) k;
    INSERT INTO comunicado_envio (comunicado_id, usuario_id, data_recebimento, lido, data_leitura, arquivado)
      SELECT ${comm('k')}, u.id, now() - k * interval '7 hours', k % 3 = 0,
             CASE WHEN k % 3 = 0 THEN now() - k * interval '6 hours' END, k = 0 AND u.id = ${dealerId}
        FROM generate_series(0, ${HOME_COMMUNICATIONS - 1}) k CROSS JOIN usuario u;
    ANALYZE comunicado; ANALYZE comunicado_envio; ANALYZE conteudo_home; ANALYZE conteudo_home_grupo;
    ANALYZE usuario_grupo_usuarios; ANALYZE arquivo;`);

  const library = await seedLibrary(exec, libraryItems, () => {}, false);
  const seconds = Math.round(performance.now() - started) / 1000;
  log(
    `home seed: ${HOME_USER} in ${dealerGroups.length} user groups, ${HOME_SLIDES.length} slides, ${HOME_ADS.length} ads, ` +
      `${HOME_COMMUNICATIONS} communications, ${library.total} library items in ${seconds.toFixed(1)} s`,
  );
  return { seconds, libraryItems: library.total, dealerGroups: dealerGroups.length };
}
