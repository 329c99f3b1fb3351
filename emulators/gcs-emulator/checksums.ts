/**
 * The two checksums Cloud Storage keeps for an object, as its JSON API writes them: `md5Hash` and `crc32c`,
 * each base64 of the digest's bytes (CRC32C as a big-endian 32-bit integer). The SDK compares them with its
 * own hashes of what it sent (uploads) and of what it received (`x-goog-hash` on downloads), so they must be
 * right to the bit.
 */
import { createHash, type Hash } from 'node:crypto';

// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), the variant Cloud Storage uses.
const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** Running checksums over bytes fed in order. */
export class Checksums {
  private crc = 0xffffffff;
  private readonly md5: Hash = createHash('md5');
  size = 0;

  update(bytes: Uint8Array): this {
    let crc = this.crc;
    for (let i = 0; i < bytes.length; i++) crc = CRC32C_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
    this.crc = crc;
    this.md5.update(bytes);
    this.size += bytes.length;
    return this;
  }

  /** Both, base64 as in the object resource. Ends the MD5: call once. */
  digest(): { crc32c: string; md5Hash: string } {
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE((this.crc ^ 0xffffffff) >>> 0);
    return { crc32c: crc.toString('base64'), md5Hash: this.md5.digest('base64') };
  }
}

export function checksumsOf(bytes: Uint8Array): { crc32c: string; md5Hash: string } {
  return new Checksums().update(bytes).digest();
}
