// Drawing helpers for the generated documents: the Roboto that pdfmake ships (accents and Ñ),
// registered once, and text drawn at a size in pixels.
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
let registered = false;

export function registerFonts() {
  if (registered) return;
  GlobalFonts.registerFromPath(path.join(fontDir, 'Roboto-Regular.ttf'), 'Roboto');
  GlobalFonts.registerFromPath(path.join(fontDir, 'Roboto-Medium.ttf'), 'Roboto Medium');
  registered = true;
}

export const ROBOTO_DIR = fontDir;

export function text(ctx: SKRSContext2D, value: string, x: number, y: number, size: number, options: { bold?: boolean; color?: string; mono?: boolean } = {}) {
  registerFonts();
  ctx.fillStyle = options.color ?? '#111111';
  ctx.font = `${size}px ${options.mono ? '"Liberation Mono", "DejaVu Sans Mono", monospace' : options.bold ? 'Roboto Medium' : 'Roboto'}`;
  ctx.textBaseline = 'top';
  ctx.fillText(value, x, y);
}
