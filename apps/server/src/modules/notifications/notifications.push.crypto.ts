import crypto from 'node:crypto';

/**
 * The two pieces of cryptography web push needs, on node:crypto (decision 0034): the payload's encryption for one
 * browser (RFC 8291, `aes128gcm` of RFC 8188) and the server's identification to the push service (VAPID, RFC
 * 8292: an ES256 JWT signed with the portal's key pair, whose public half the browser subscribed with).
 */

/** The portal's VAPID key pair: the P-256 public point (65 bytes, uncompressed) and private scalar, base64url. */
export type VapidKeys = { publicKey: string; privateKey: string };

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const unb64url = (text: string) => Buffer.from(text, 'base64url');

/** A new VAPID key pair (made once and kept as a shared secret, so every instance signs with the same one). */
export function generateVapidKeys(): VapidKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: b64url(ecdh.getPublicKey()), privateKey: b64url(ecdh.getPrivateKey()) };
}

/** Whether `key` (base64url) is an uncompressed point on P-256: what a browser's `p256dh` must be. */
export function isP256PublicKey(key: string): boolean {
  const bytes = unb64url(key);
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    crypto.createPublicKey({ key: jwkOf(bytes), format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

function jwkOf(point: Buffer, d?: Buffer): crypto.JsonWebKey {
  return {
    kty: 'EC',
    crv: 'P-256',
    x: b64url(point.subarray(1, 33)),
    y: b64url(point.subarray(33, 65)),
    ...(d ? { d: b64url(d) } : {}),
  };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** Record size written in the header: one record always holds a push payload (at most 4,096 bytes). */
const RECORD_SIZE = 4096;

/**
 * Encrypts `plaintext` for one browser (RFC 8291 §3.4, one aes128gcm record): a fresh sender key pair and salt
 * each time (`fixed` only for the RFC's example), the shared secret with the browser's `p256dh` mixed with its
 * `auth` secret, then AES-128-GCM. The body starts with the header the browser needs: salt, record size and
 * the sender's public key.
 */
export function encryptPayload(
  plaintext: Buffer,
  subscription: { p256dh: string; auth: string },
  fixed?: { salt: Buffer; senderPrivateKey: Buffer },
): Buffer {
  const uaPublic = unb64url(subscription.p256dh);
  const authSecret = unb64url(subscription.auth);
  const sender = crypto.createECDH('prime256v1');
  if (fixed) sender.setPrivateKey(fixed.senderPrivateKey);
  else sender.generateKeys();
  const asPublic = sender.getPublicKey();
  const salt = fixed?.salt ?? crypto.randomBytes(16);
  const shared = sender.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(hmac(authSecret, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
  const cipher = crypto.createCipheriv('aes-128-gcm', cek, nonce);
  // 0x02: the last (only) record's delimiter, no padding.
  const body = Buffer.concat([
    cipher.update(plaintext),
    cipher.update(Buffer.from([2])),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, body]);
}

/**
 * The `Authorization` header for a push service (RFC 8292 §3): `vapid t=<JWT>, k=<public key>`. The JWT names
 * the service's origin (`aud`), expires within 24 hours (`exp`) and says who to contact (`sub`: an https URL or
 * a mailto:).
 */
export function vapidAuthorization(
  keys: VapidKeys,
  claims: { audience: string; subject: string; expiresAt: Date },
): string {
  const header = b64url(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const payload = b64url(
    Buffer.from(
      JSON.stringify({ aud: claims.audience, exp: Math.floor(claims.expiresAt.getTime() / 1000), sub: claims.subject }),
    ),
  );
  const key = crypto.createPrivateKey({
    key: jwkOf(unb64url(keys.publicKey), unb64url(keys.privateKey)),
    format: 'jwk',
  });
  const signature = crypto.sign('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${header}.${payload}.${b64url(signature)}, k=${keys.publicKey}`;
}
