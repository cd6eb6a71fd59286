import pg from 'pg';
import { signIn } from '../../apps/server/test/browserless.js';
const base = 'http://127.0.0.1:47111';
const { client } = await signIn(base, 'dealer@portal.demo', 'Portal@2026');
const cookie = client.cookieHeader();
const admin = new pg.Client({ connectionString: 'postgres://portal:portal@127.0.0.1:5432/postgres' }); await admin.connect();
const stat = async () => { await admin.query('select pg_stat_clear_snapshot()'); return Number((await admin.query("select xact_commit from pg_stat_database where datname='portal_probe'")).rows[0].xact_commit); };
const qs: Record<string,string> = {
  pingSigned: '{ ping }',
  usuario: 'query Usuario { usuarioLogado { id nome tipo { id } idioma { id } funcionalidades { id chave } gruposUsuarios { id nome } marcas { id description } } }',
  shell: 'query Shell { usuarioLogado { id nome tipo { id } idioma { id } funcionalidades { id chave } gruposUsuarios { id nome } marcas { id description } } menuUsuarioLogado { title productName menus { id title uri external children { id title uri children { id title uri } } } } countNotificacoesNaoLidas }',
};
for (const [name, q] of Object.entries(qs)) {
  const before = await stat();
  for (let i = 0; i < 50; i++) { const r = await fetch(`${base}/api/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify({ query: q }) }); await r.text(); }
  await new Promise(r => setTimeout(r, 1500)); // stats flush
  const after = await stat();
  console.log(name, 'transactions per request', ((after - before) / 50).toFixed(2));
}
await admin.end();
