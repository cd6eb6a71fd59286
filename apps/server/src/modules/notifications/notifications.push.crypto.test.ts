import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPayload, generateVapidKeys, isP256PublicKey, vapidAuthorization } from './notifications.push.crypto.js';

// RFC 8291 Appendix A: the published example (keys, salt, message and the exact body).
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95' +
    'bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

describe('web push cryptography', () => {
  it('encrypts exactly as the RFC 8291 example', () => {
    const body = encryptPayload(
      Buffer.from(RFC.plaintext),
      { p256dh: RFC.uaPublic, auth: RFC.auth },
      { salt: Buffer.from(RFC.salt, 'base64url'), senderPrivateKey: Buffer.from(RFC.asPrivate, 'base64url') },
    );
    expect(body.toString('base64url')).toBe(RFC.body);
  });

  it('signs a VAPID JWT (ES256) that verifies with the public key it names', () => {
    const keys = generateVapidKeys();
    expect(isP256PublicKey(keys.publicKey)).toBe(true);
    const header = vapidAuthorization(keys, {
      audience: 'https://fcm.googleapis.com',
      subject: 'mailto:push@portal.example',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const [, jwt, k] = header.match(/^vapid t=([^,]+), k=(.+)$/) ?? [];
    expect(k).toBe(keys.publicKey);
    const [h, p, s] = jwt.split('.');
    const point = Buffer.from(k, 'base64url');
    const key = crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const ok = crypto.verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(s, 'base64url'),
    );
    expect(ok).toBe(true);
    expect(JSON.parse(Buffer.from(p, 'base64url').toString())).toMatchObject({
      aud: 'https://fcm.googleapis.com',
      sub: 'mailto:push@portal.example',
    });
  });

  it('refuses keys that are not P-256 points', () => {
    expect(isP256PublicKey(Buffer.alloc(65, 4).toString('base64url'))).toBe(false);
    expect(isP256PublicKey('x')).toBe(false);
  });
});
