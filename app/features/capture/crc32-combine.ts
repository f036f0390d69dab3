// CRC-32 of a concatenation from the CRCs of its pieces (zlib's crc32_combine_gen/_op): the
// capture document's constant pieces are checksummed once per template, not once per answer,
// where they were 3 % of a counted load's CPU.
// Rules: docs/features/capture-and-leads.md ("One cached document per campaign").
const POLY = 0xedb88320;

/** a(x)·b(x) modulo the CRC-32 polynomial, bit-reflected as CRC-32 is. */
function multModP(a: number, b: number) {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

// x^(2^n) modulo the polynomial, for n = 0..31.
const X2N: number[] = [];
for (let n = 0, p = 0x40000000; n < 32; n++, p = multModP(p, p)) X2N.push(p);

/** The operator that appends `length` bytes: x^(8·length) modulo the polynomial. */
export function crc32ShiftOf(length: number) {
  let p = 0x80000000;
  for (let k = 3, n = length; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) p = multModP(X2N[k & 31]!, p);
  return p;
}

/** CRC-32 of A followed by B, from CRC(A), CRC(B) and `crc32ShiftOf(length of B)`. */
export function crc32Combine(crcA: number, crcB: number, shiftB: number) {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}
