/**
 * Seeds `npm run bench:organisation` (bench/src/organisation.ts) in plain SQL, after the portal has migrated
 * and seeded its demo data in the same database:
 *
 * - 100,000 active users in the user group "Bench 100k" (the members list), with their dealer, brand and
 *   dealer-group links: the communications bench's seed (bench/src/communications-seed.ts), which also adds
 *   8 dealer groups and 40 dealers;
 * - 101 more dealer groups: "Grupo Cascata Bench" and "Rede Bench 000".."Rede Bench 099";
 * - `dealers` - 40 more dealers (10,000 in all with those 40): the first 1,000 in "Grupo Cascata Bench", the
 *   rest spread over the 100 networks; each with a valid CNPJ (check digits), a main code `B000123`, one
 *   dealer in 5 an additional CNPJ and code, a brand, a city and state; corporate names with accents
 *   ("Comércio de Veículos Bench 4242 Ltda");
 * - the users 1..`cascadeUsers` (20,000) also work at one of the cascade group's dealers, so inactivating
 *   that group inactivates 1,000 dealers and 20,000 users.
 */
import { cnpjWithCheckDigits } from '@portal/domain';
import { seedUsers, uid } from './communications-seed.js';
import type { Exec } from './library-seed.js';

const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (xs: string[], n: string) => `(${arr(xs)})[1 + ((${n}) % ${xs.length})]`;

const CITIES = ['São Paulo', 'Belém', 'Curitiba', 'Goiânia', 'Maceió', 'Niterói', 'Vitória', 'Cuiabá', 'Londrina'];
const UFS = ['SP', 'PA', 'PR', 'GO', 'AL', 'RJ', 'ES', 'MT', 'PR'];

export const CASCADE_GROUP = 'Grupo Cascata Bench';
const CASCADE_ID = uid('bench-cascata-', 0);
export const MEMBERS_GROUP = 'Bench 100k';

/** The CNPJ (digits) of bench dealer `k`: root 9 + k, branch 0001, valid check digits. */
export const benchCnpj = (k: number) => cnpjWithCheckDigits(`9${String(k).padStart(7, '0')}0001`);
/** Its additional CNPJ (one dealer in 5): another branch of the same root. */
const benchCnpj2 = (k: number) => cnpjWithCheckDigits(`9${String(k).padStart(7, '0')}0002`);
/** The main code of bench dealer `k`. */
export const benchCode = (k: number) => `B${String(k).padStart(6, '0')}`;

export type OrganisationSeed = {
  users: number;
  dealers: number;
  cascadeDealers: number;
  cascadeUsers: number;
  cascadeGroupId: string;
  membersGroupId: string;
  seconds: number;
};

export async function seedOrganisation(
  exec: Exec,
  o: { users: number; dealers: number; cascadeDealers: number; cascadeUsers: number },
  log: (msg: string) => void,
): Promise<OrganisationSeed> {
  const started = performance.now();
  const step = async (name: string, text: string) => {
    const t0 = performance.now();
    await exec(text);
    log(`  seed ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  const users = await seedUsers(exec, o.users, log);
  const [{ n: before }] = await exec('SELECT count(*)::int AS n FROM dealer');
  const more = o.dealers - Number(before);
  const cnpjs = Array.from({ length: more }, (_, k) => benchCnpj(k));
  const extra = Array.from({ length: more }, (_, k) => (k % 5 === 0 ? benchCnpj2(k) : ''));
  await step(
    'dealer groups and dealers',
    `INSERT INTO grupo (id, nome) VALUES (${CASCADE_ID}, '${CASCADE_GROUP}');
     INSERT INTO grupo (id, nome) SELECT ${uid('bench-rede-', 'k')}, 'Rede Bench ' || lpad(k::text, 3, '0')
       FROM generate_series(0, 99) k;
     INSERT INTO dealer (id, nome, nome_exibicao, cnpj, cnpjs_adicionais, codigo_principal, codigos_adicionais,
                         grupo_id, logradouro, bairro, cidade, cep, uf)
       SELECT ${uid('bench-org-dealer-', 'd.k')}, 'Comércio de Veículos Bench ' || d.k || ' Ltda',
              'Concessionária ' || ${pick(CITIES, 'd.k')} || ' ' || d.k, d.cnpj,
              CASE WHEN d.extra = '' THEN '{}'::text[] ELSE ARRAY[d.extra] END,
              'B' || lpad(d.k::text, 6, '0'),
              CASE WHEN d.k % 5 = 0 THEN ARRAY['X' || lpad(d.k::text, 6, '0')] ELSE '{}'::text[] END,
              CASE WHEN d.k < ${o.cascadeDealers} THEN ${CASCADE_ID} ELSE ${uid('bench-rede-', 'd.k % 100')} END,
              'Avenida Brasil, ' || d.k, 'Centro', ${pick(CITIES, 'd.k')}, lpad((d.k * 37 % 100000000)::text, 8, '0'),
              ${pick(UFS, 'd.k')}
         FROM unnest(${arr(cnpjs)}, ${arr(extra)}) WITH ORDINALITY AS d0(cnpj, extra, n)
         CROSS JOIN LATERAL (SELECT (d0.n - 1)::int AS k, d0.cnpj, d0.extra) d;
     INSERT INTO dealer_marca (dealer_id, marca_id)
       SELECT ${uid('bench-org-dealer-', 'k')}, ${uid('bench-marca-', 'k % 5')} FROM generate_series(0, ${more - 1}) k;`,
  );
  await step(
    'cascade users',
    `INSERT INTO usuario_dealer (usuario_id, dealer_id)
       SELECT ${uid('bench-user-', 'i')}, ${uid('bench-org-dealer-', `i % ${o.cascadeDealers}`)}
         FROM generate_series(1, ${o.cascadeUsers}) i
       ON CONFLICT DO NOTHING;
     ANALYZE grupo; ANALYZE dealer; ANALYZE dealer_marca; ANALYZE usuario_dealer;`,
  );
  const [{ d, g }] = await exec(`SELECT (SELECT count(*)::int FROM dealer) AS d, ${CASCADE_ID}::text AS g`);
  if (Number(d) !== o.dealers) throw new Error(`organisation seed: ${d} dealers, not ${o.dealers}`);
  return {
    users: o.users,
    dealers: Number(d),
    cascadeDealers: o.cascadeDealers,
    cascadeUsers: o.cascadeUsers,
    cascadeGroupId: String(g),
    membersGroupId: users.groupId,
    seconds: Math.round(performance.now() - started) / 1000,
  };
}
