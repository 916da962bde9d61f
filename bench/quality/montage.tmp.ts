import { createCanvas, loadImage } from '@napi-rs/canvas';
import { writeFileSync } from 'node:fs';
async function main() {
  const [out, ...files] = process.argv.slice(2);
  const imgs = await Promise.all(files.map((f) => loadImage(f)));
  const w = imgs[0].width,
    h = imgs[0].height;
  const cols = 2,
    rows = Math.ceil(imgs.length / 2);
  const c = createCanvas(w * cols, h * rows);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#888';
  ctx.fillRect(0, 0, c.width, c.height);
  imgs.forEach((img, i) =>
    ctx.drawImage(img, (i % cols) * w, Math.floor(i / cols) * h, w - 4, h - 4),
  );
  writeFileSync(out, await c.encode('png'));
}
main();
