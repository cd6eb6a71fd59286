import { signIn } from '../../apps/server/test/browserless.js';

const base = 'http://127.0.0.1:47111';
const { client } = await signIn(base, 'dealer@portal.demo', 'Portal@2026');
const cookie = client.cookieHeader();
const qs: Record<string, string> = {
  ping: '{ ping }',
  usuario:
    'query Usuario { usuarioLogado { id nome tipo { id } idioma { id } funcionalidades { id chave } gruposUsuarios { id nome } marcas { id description } } }',
  menu: '{ menuUsuarioLogado { title productName menus { id title uri external children { id title uri children { id title uri } } } } }',
  count: '{ countNotificacoesNaoLidas }',
};
for (const [name, q] of Object.entries(qs)) {
  for (const signed of [false, true]) {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      const r = await fetch(`${base}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, ...(signed ? { cookie } : {}) },
        body: JSON.stringify({ query: q }),
      });
      await r.text();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(name, signed ? 'signed' : 'anon', 'median', times[100].toFixed(2), 'p95', times[190].toFixed(2));
  }
}
console.log(cookie);
