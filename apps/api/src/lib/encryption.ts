import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets at rest (integration credentials, SSNs) are sealed with AES-256-GCM. The key is derived with HKDF
// from the configured key material, so one ENCRYPTION_KEY (or, without it, JWT_SECRET) serves every use and a
// stored value cannot be read or altered without it. Format: v1.<iv>.<tag>.<ciphertext>, base64url parts.

export type Cipher = {
  encrypt: (plaintext: string) => string;
  decrypt: (sealed: string) => string;
};

const VERSION = 'v1';

export function createCipher(keyMaterial: string): Cipher {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'paylane', 'secrets-at-rest/v1', 32));
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new Error('Unrecognised sealed value');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
      return plain.toString('utf8');
    },
  };
}
