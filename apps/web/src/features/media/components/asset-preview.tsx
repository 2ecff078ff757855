import type { Asset, MediaKind } from '@plinth/contract';
import { FileText, Film, ImageIcon, type LucideIcon, Music } from 'lucide-react';
import { type ImgHTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { imageSources, kindOf } from '../utils/media-urls';

export const KIND_ICONS: Record<MediaKind, LucideIcon> = {
  image: ImageIcon,
  video: Film,
  audio: Music,
  document: FileText,
};

/** The file's extension or subtype, to name a type in a few letters ("PDF", "MP4"). */
export function typeLabel(asset: Pick<Asset, 'filename' | 'mime_type'>): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(asset.filename)?.[1];
  const subtype = asset.mime_type.split('/')[1]?.split(/[+;.-]/)[0];
  return (extension ?? subtype ?? 'file').toUpperCase();
}

/** Tries after a failed load: the server makes a few variants per visitor at a time and asks the rest to wait (429). */
const MAX_IMAGE_RETRIES = 4;

/**
 * Loads an image again after a failure, waiting longer each time (with jitter, so a grid of new
 * thumbnails does not come back all at once); false once it has given up.
 */
function useImageRetry() {
  const [attempt, setAttempt] = useState(0);
  const [isWaiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!isWaiting) return;
    const delay = 2 ** attempt * 800 + Math.random() * 700;
    const timer = setTimeout(() => {
      setWaiting(false);
      setAttempt((value) => value + 1);
    }, delay);
    return () => clearTimeout(timer);
  }, [isWaiting, attempt]);
  return {
    attempt,
    isWaiting,
    hasFailed: attempt >= MAX_IMAGE_RETRIES && isWaiting,
    onError: () => setWaiting(true),
  };
}

/**
 * An <img> that loads again after a failure (the server asks for patience with a 429 when it is
 * making many variants at once), showing the image's colour meanwhile, and `fallback` if it gives up.
 */
export function RetryImage({
  alt,
  fallback,
  dominantColor,
  className = '',
  style,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & { alt: string; fallback: ReactNode; dominantColor: string | null }) {
  const { attempt, isWaiting, hasFailed, onError } = useImageRetry();
  if (hasFailed) return fallback;
  if (isWaiting) {
    return (
      <span
        aria-hidden
        className={`block ${className}`}
        style={{ ...style, backgroundColor: dominantColor ?? undefined }}
      />
    );
  }
  return (
    <img
      // A new element loads again: the same one would keep its failed answer.
      key={attempt}
      {...props}
      alt={alt}
      onError={onError}
      className={className}
      style={{ ...style, backgroundColor: dominantColor ?? undefined }}
    />
  );
}

function ImagePreview({
  asset,
  sizes,
  className,
  fit,
  isEager,
  isDecorative,
}: {
  asset: Asset;
  sizes: string;
  className: string;
  fit: 'cover' | 'contain';
  isEager: boolean;
  isDecorative: boolean;
}) {
  const { src, srcSet } = imageSources(asset);
  return (
    <RetryImage
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={isDecorative || typeof asset.alt !== 'string' ? '' : asset.alt}
      width={asset.width ?? undefined}
      height={asset.height ?? undefined}
      loading={isEager ? 'eager' : 'lazy'}
      decoding="async"
      dominantColor={asset.dominant_color}
      fallback={<TypeIcon asset={asset} className={className} />}
      className={`${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`}
    />
  );
}

function TypeIcon({ asset, className, isCompact = false }: { asset: Asset; className: string; isCompact?: boolean }) {
  const Icon = KIND_ICONS[kindOf(asset.mime_type)];
  return (
    <div className={`flex flex-col items-center justify-center gap-1.5 bg-slate-100 text-slate-600 ${className}`}>
      <Icon className={isCompact ? 'size-5' : 'size-8'} aria-hidden />
      {isCompact ? null : <span className="font-semibold text-xs tracking-wide">{typeLabel(asset)}</span>}
    </div>
  );
}

/**
 * An asset as a picture: images through resized WebP variants (lazy, with `srcset` and `sizes`),
 * over their dominant colour while they load; other files as their type's icon and extension.
 */
export function AssetPreview({
  asset,
  sizes,
  className = '',
  fit = 'cover',
  isEager = false,
  isDecorative = false,
  isCompact = false,
}: {
  asset: Asset;
  /** The `sizes` attribute: how wide the picture is drawn. */
  sizes: string;
  className?: string;
  fit?: 'cover' | 'contain';
  isEager?: boolean;
  /** Inside a control already named by the file name: the alt text would only repeat. */
  isDecorative?: boolean;
  /** A small thumbnail (a list row): the type's icon alone, without its name. */
  isCompact?: boolean;
}) {
  if (kindOf(asset.mime_type) === 'image') {
    return (
      <ImagePreview
        asset={asset}
        sizes={sizes}
        className={className}
        fit={fit}
        isEager={isEager}
        isDecorative={isDecorative}
      />
    );
  }
  return <TypeIcon asset={asset} className={className} isCompact={isCompact} />;
}
