import { startTestPortal } from './harness.js';
import { requestPasswordReset } from '../src/platform/auth/password-reset.js';
const p = await startTestPortal();
console.log('started', p.services.database.kind);
const timer = setTimeout(() => { console.log('HANG: requestPasswordReset did not finish in 10s'); process.exit(1); }, 10_000);
await requestPasswordReset(p.services, 'dealer@portal.demo', 'pt-BR');
clearTimeout(timer);
console.log('ok');
await p.stop();
