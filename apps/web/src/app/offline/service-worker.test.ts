import { describe, expect, it, vi } from 'vitest';
import { registerPortalServiceWorker, SERVICE_WORKER_URL } from './service-worker';

const container = () => ({ register: vi.fn(async () => ({}) as ServiceWorkerRegistration) });

describe('registerPortalServiceWorker', () => {
  it('registers /sw-portal.js for the whole site on a signed-in page', async () => {
    const sw = container();
    expect(await registerPortalServiceWorker('/comunicados', sw as unknown as ServiceWorkerContainer)).not.toBeNull();
    expect(sw.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('never registers on the public recovery screens', async () => {
    for (const path of ['/esqueci-senha', '/forgot-password', '/olvide-contrasena']) {
      const sw = container();
      expect(await registerPortalServiceWorker(path, sw as unknown as ServiceWorkerContainer)).toBeNull();
      expect(sw.register).not.toHaveBeenCalled();
    }
  });

  it('does nothing where the browser has no service workers, or refuses one', async () => {
    expect(await registerPortalServiceWorker('/home', null)).toBeNull();
    const refusing = { register: vi.fn(async () => Promise.reject(new Error('SecurityError'))) };
    expect(await registerPortalServiceWorker('/home', refusing as unknown as ServiceWorkerContainer)).toBeNull();
  });
});
