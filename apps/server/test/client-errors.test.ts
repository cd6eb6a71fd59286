import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './harness.js';

describe('client error reports (the Ops page)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal?.stop());

  it('accepts a beacon (text/plain JSON) or JSON, answers 204 and stores nothing', async () => {
    const beacon = await fetch(`${portal.baseUrl}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ message: 'boom', stack: 'at x', path: '/home' }),
    });
    expect(beacon.status).toBe(204);
    const json = await fetch(`${portal.baseUrl}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'boom' }),
    });
    expect(json.status).toBe(204);
  });

  it('refuses oversized reports', async () => {
    const res = await fetch(`${portal.baseUrl}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(20_000) }),
    });
    expect(res.status).toBe(413);
  });
});
