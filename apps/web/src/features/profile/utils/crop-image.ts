import type { Area } from 'react-easy-crop';

/** The server stores 256×256; twice that keeps the picture sharp if that ever grows. */
const OUTPUT_SIZE = 512;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = src;
  });
}

/**
 * Cuts the chosen square out of a picture and scales it down, so only the crop is uploaded (WebP
 * where the browser can encode it, PNG otherwise; the server reads the type from the bytes).
 * @example const blob = await cropImage(objectUrl, { x: 10, y: 0, width: 300, height: 300 });
 */
export async function cropImage(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  const size = Math.max(1, Math.min(OUTPUT_SIZE, Math.round(area.width)));
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop pictures');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be cropped'))),
      'image/webp',
      0.9,
    );
  });
}
