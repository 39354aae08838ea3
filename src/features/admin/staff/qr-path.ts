/** A QR code's modules: `size` × `size`, `get(row, col)` truthy for a dark one (qrcode's BitMatrix). */
export interface QrModules {
  size: number;
  get(row: number, col: number): number | boolean;
}

/**
 * The dark modules as one SVG path, one unit square each (`M{x} {y}h1v1h-1z`), in the matrix's own
 * units: drawn by React as an <svg>, with no markup built from text.
 */
export function qrPath(modules: QrModules): string {
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return parts.join('');
}

/** The quiet zone around a QR code: 4 modules, as the standard asks, so phones read it reliably. */
export const QR_QUIET_ZONE = 4;
