/**
 * Reads which code points a TrueType/OpenType font maps (its cmap, formats 4 and 12), so tests can prove that
 * every currency symbol has a glyph: Typst does not report a missing glyph, it silently draws nothing.
 */
export function readCodePoints(font: Buffer): Set<number> {
  const numTables = font.readUInt16BE(4);
  let cmapOffset = -1;
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmapOffset = font.readUInt32BE(record + 8);
  }
  if (cmapOffset < 0) throw new Error('The font has no cmap table');
  const codePoints = new Set<number>();
  const subtables = font.readUInt16BE(cmapOffset + 2);
  for (let i = 0; i < subtables; i++) {
    const offset = cmapOffset + font.readUInt32BE(cmapOffset + 4 + i * 8 + 4);
    const format = font.readUInt16BE(offset);
    if (format === 4) readFormat4(font, offset, codePoints);
    if (format === 12) readFormat12(font, offset, codePoints);
  }
  return codePoints;
}

function readFormat4(font: Buffer, offset: number, into: Set<number>): void {
  const segments = font.readUInt16BE(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = font.readUInt16BE(ends + s * 2);
    const start = font.readUInt16BE(starts + s * 2);
    const delta = font.readInt16BE(deltas + s * 2);
    const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2;
        const raw = font.readUInt16BE(at);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) into.add(c);
    }
  }
}

function readFormat12(font: Buffer, offset: number, into: Set<number>): void {
  const groups = font.readUInt32BE(offset + 12);
  for (let g = 0; g < groups; g++) {
    const group = offset + 16 + g * 12;
    const start = font.readUInt32BE(group);
    const end = font.readUInt32BE(group + 4);
    if (font.readUInt32BE(group + 8) === 0 && start === end) continue;
    for (let c = start; c <= end; c++) into.add(c);
  }
}
