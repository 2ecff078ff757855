import type { Asset, FocalPoint } from '@plinth/contract';
import type { KeyboardEvent, MouseEvent } from 'react';
import { imageSources } from '../utils/media-urls';
import { RetryImage } from './asset-preview';

const STEP = 0.05;
const clamp = (value: number) => Math.min(1, Math.max(0, value));
/** Three decimals: a tenth of a percent is finer than anyone can click. */
const round = (value: number) => Math.round(clamp(value) * 1000) / 1000;

export const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * The image with its focal point: a click (or the arrow keys) moves it. Cover crops of the image
 * centre there, so a face stays in a square thumbnail.
 */
export function FocalPointPicker({
  asset,
  value,
  onChange,
  isReadOnly,
}: {
  asset: Asset;
  value: FocalPoint | null;
  onChange: (point: FocalPoint) => void;
  isReadOnly: boolean;
}) {
  const { src, srcSet } = imageSources(asset, [400, 800, 1200]);
  const alt = typeof asset.alt === 'string' ? asset.alt : '';

  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: round((event.clientX - box.left) / box.width), y: round((event.clientY - box.top) / box.height) });
  };
  const nudge = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const from = value ?? { x: 0.5, y: 0.5 };
    onChange({ x: round(from.x + move[0]), y: round(from.y + move[1]) });
  };

  const image = (
    <RetryImage
      src={src}
      srcSet={srcSet}
      sizes="(min-width: 640px) 32rem, 100vw"
      alt={isReadOnly ? alt : ''}
      width={asset.width ?? undefined}
      height={asset.height ?? undefined}
      dominantColor={asset.dominant_color}
      fallback={<span className="absolute inset-0 bg-slate-200" />}
      className="absolute inset-0 size-full object-contain"
    />
  );
  // The box has the image's proportions before it loads, as wide as fits and at most 45 % of the
  // screen's height, so a click maps straight to a point of the image.
  const ratio = asset.width && asset.height ? asset.width / asset.height : 1;
  const box = { aspectRatio: String(ratio), width: `min(100%, ${(45 * ratio).toFixed(2)}vh)` };
  const marker = value ? (
    <span
      aria-hidden
      className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-indigo-600/30 shadow-[0_0_0_2px_rgb(79_70_229),0_1px_4px_rgb(0_0_0/0.4)]"
      style={{ left: percent(value.x), top: percent(value.y) }}
    />
  ) : null;

  return (
    <div className="flex justify-center rounded-lg bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-2 ring-1 ring-slate-200">
      {isReadOnly ? (
        <div className="relative block" style={box}>
          {image}
          {marker}
        </div>
      ) : (
        <button
          type="button"
          onClick={pick}
          onKeyDown={nudge}
          aria-label={
            value
              ? `Focal point at ${percent(value.x)} from the left and ${percent(value.y)} from the top. Click the image or use the arrow keys to move it.`
              : 'No focal point. Click the image where crops should centre, or use the arrow keys.'
          }
          style={box}
          className="relative block cursor-crosshair focus-visible:outline-2 focus-visible:outline-indigo-600 focus-visible:outline-offset-2"
        >
          {image}
          {marker}
        </button>
      )}
    </div>
  );
}

/** How cover crops will look around the focal point: a square and a wide one. */
export function CropPreview({ asset, value }: { asset: Asset; value: FocalPoint | null }) {
  const { src, srcSet } = imageSources(asset, [200, 400]);
  const position = value ? `${percent(value.x)} ${percent(value.y)}` : '50% 50%';
  return (
    <div className="flex items-end gap-3" aria-hidden>
      {['aspect-square w-16', 'aspect-video w-28'].map((shape) => (
        <RetryImage
          key={shape}
          src={src}
          srcSet={srcSet}
          sizes="112px"
          alt=""
          loading="lazy"
          dominantColor={asset.dominant_color}
          fallback={null}
          style={{ objectPosition: position }}
          className={`${shape} rounded-md object-cover ring-1 ring-slate-200`}
        />
      ))}
    </div>
  );
}
