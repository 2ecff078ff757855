import { loadSharp } from '../media/images.js';

/** One picture a starter uploads: drawn at run time, so no image file lives in the repository. */
export interface SampleImage {
  /** How the starter's documents refer to it (`image('cover-1')`). */
  key: string;
  filename: string;
  alt: string;
  width: number;
  height: number;
  /** Which of the palettes and layouts below it uses; any integer. */
  variant: number;
}

/** Background gradient (two stops) and an accent, each a calm combination that reads well under text. */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#6366f1', '#ec4899', '#fbbf24'],
  ['#0ea5e9', '#22c55e', '#f8fafc'],
  ['#f97316', '#db2777', '#fde68a'],
  ['#14b8a6', '#3b82f6', '#fef3c7'],
  ['#8b5cf6', '#0ea5e9', '#f0abfc'],
  ['#334155', '#0f766e', '#fcd34d'],
  ['#e11d48', '#7c3aed', '#a7f3d0'],
  ['#059669', '#84cc16', '#fef9c3'],
];

/** Text-free shapes over the gradient; `w` and `h` scale them to the picture. */
const LAYOUTS: readonly ((w: number, h: number, accent: string) => string)[] = [
  (w, h, accent) =>
    `<circle cx="${w * 0.74}" cy="${h * 0.36}" r="${h * 0.28}" fill="${accent}" fill-opacity="0.6"/>` +
    `<rect x="${w * 0.1}" y="${h * 0.56}" width="${w * 0.3}" height="${h * 0.28}" rx="${h * 0.04}" fill="#fff" fill-opacity="0.25" transform="rotate(-8 ${w * 0.25} ${h * 0.7})"/>` +
    `<polygon points="${w * 0.45},${h * 0.9} ${w * 0.6},${h * 0.55} ${w * 0.75},${h * 0.9}" fill="#0b1020" fill-opacity="0.22"/>`,
  (w, h, accent) =>
    Array.from({ length: 5 }, (_, i) => {
      const r = h * (0.12 + i * 0.09);
      return `<circle cx="${w * 0.3}" cy="${h * 0.55}" r="${r}" fill="none" stroke="${accent}" stroke-opacity="${0.7 - i * 0.12}" stroke-width="${h * 0.02}"/>`;
    }).join('') +
    `<rect x="${w * 0.6}" y="${h * 0.2}" width="${w * 0.28}" height="${w * 0.28}" rx="${w * 0.02}" fill="#fff" fill-opacity="0.2"/>`,
  (w, h, accent) =>
    Array.from({ length: 6 }, (_, i) => {
      const x = w * (0.08 + i * 0.15);
      const bar = h * (0.25 + ((i * 37) % 50) / 100);
      return `<rect x="${x}" y="${h * 0.88 - bar}" width="${w * 0.09}" height="${bar}" rx="${w * 0.015}" fill="${i % 2 ? accent : '#ffffff'}" fill-opacity="${i % 2 ? 0.65 : 0.3}"/>`;
    }).join(''),
  (w, h, accent) =>
    `<path d="M0 ${h * 0.7} C ${w * 0.25} ${h * 0.5}, ${w * 0.5} ${h * 0.95}, ${w} ${h * 0.6} L ${w} ${h} L 0 ${h} Z" fill="${accent}" fill-opacity="0.45"/>` +
    `<path d="M0 ${h * 0.82} C ${w * 0.3} ${h * 0.7}, ${w * 0.6} ${h}, ${w} ${h * 0.78} L ${w} ${h} L 0 ${h} Z" fill="#ffffff" fill-opacity="0.25"/>` +
    `<circle cx="${w * 0.78}" cy="${h * 0.26}" r="${h * 0.12}" fill="#ffffff" fill-opacity="0.7"/>`,
];

function svgOf(image: SampleImage): string {
  const { width: w, height: h } = image;
  const palette = PALETTES[Math.abs(image.variant) % PALETTES.length] ?? PALETTES[0];
  const layout = LAYOUTS[Math.abs(image.variant) % LAYOUTS.length] ?? LAYOUTS[0];
  const [from, to, accent] = palette ?? ['#6366f1', '#ec4899', '#fbbf24'];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/>` +
    `<stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${layout?.(w, h, accent) ?? ''}</svg>`
  );
}

/**
 * Draws a sample picture as a PNG: a gradient with a few shapes, no text (so it suits every
 * locale). A 1200×675 picture takes tens of milliseconds and about 70 KB.
 * @example const png = await drawSampleImage({ key: 'cover', filename: 'cover.png', alt: '', width: 1200, height: 675, variant: 2 });
 */
export async function drawSampleImage(image: SampleImage): Promise<Buffer> {
  // Loaded on first use like every other sharp call: a server that never applies a starter never holds libvips.
  const sharp = await loadSharp();
  return sharp(Buffer.from(svgOf(image)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}
