// The noisy set: what a phone camera does to a document. A rotation up to ±3°, a blur, light that
// falls off across the page, and JPEG at quality 60. Seeded, so each run makes the same files.
import { createCanvas, loadImage } from '@napi-rs/canvas';

/** A small deterministic generator (mulberry32). */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function noisy(png: Buffer, seed: number): Promise<Buffer> {
  const random = seeded(seed);
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, image.width, image.height);
  const degrees = (random() * 2 - 1) * 3;
  ctx.translate(image.width / 2, image.height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.translate(-image.width / 2, -image.height / 2);
  ctx.filter = `blur(${(0.6 + random() * 0.6).toFixed(2)}px)`;
  ctx.drawImage(image, 0, 0);
  ctx.filter = 'none';
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // Uneven light: a shadow growing towards one corner.
  const gradient = ctx.createLinearGradient(0, 0, image.width, image.height);
  gradient.addColorStop(0, 'rgba(0,0,0,0)');
  gradient.addColorStop(1, `rgba(40,30,10,${(0.25 + random() * 0.15).toFixed(2)})`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, image.width, image.height);
  return canvas.toBuffer('image/jpeg', 60);
}
