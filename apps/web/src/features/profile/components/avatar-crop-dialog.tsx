import { ZoomIn, ZoomOut } from 'lucide-react';
import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

/**
 * Chooses the square of a picture to keep: drag or use the arrow keys to move it, the slider or
 * the wheel to zoom. `onSave` gets the chosen area in the picture's own pixels.
 */
export function AvatarCropDialog({
  imageUrl,
  isSaving,
  error,
  onSave,
  onClose,
}: {
  /** An object URL of the chosen file; null closes the dialog. */
  imageUrl: string | null;
  isSaving: boolean;
  /** Why the last attempt failed, shown in the dialog so the crop is not lost. */
  error: string | null;
  onSave: (area: Area) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <Dialog
      isOpen={imageUrl !== null}
      title="Crop your picture"
      description="Your picture is shown in a circle. Drag it, or use the arrow keys, to choose what shows."
      onClose={() => (isSaving ? undefined : onClose())}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button onClick={() => area && onSave(area)} disabled={!area} isLoading={isSaving}>
            Save picture
          </Button>
        </>
      }
    >
      {imageUrl ? (
        <div className="space-y-4">
          <div className="relative h-72 overflow-hidden rounded-xl bg-slate-900 sm:h-80">
            <Cropper
              image={imageUrl}
              crop={crop}
              zoom={zoom}
              minZoom={MIN_ZOOM}
              maxZoom={MAX_ZOOM}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              cropperProps={{ role: 'group', 'aria-label': 'Crop area', 'aria-describedby': `${id}-keys` }}
            />
          </div>
          <p id={`${id}-keys`} className="sr-only">
            Arrow keys move the picture inside the circle.
          </p>
          <div className="flex items-center gap-3">
            <ZoomOut className="size-4 shrink-0 text-slate-500" aria-hidden />
            <label htmlFor={`${id}-zoom`} className="sr-only">
              Zoom
            </label>
            <input
              id={`${id}-zoom`}
              type="range"
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={0.05}
              value={zoom}
              aria-valuetext={`${Math.round(zoom * 100)} %`}
              onChange={(event) => setZoom(Number(event.target.value))}
              className="w-full accent-indigo-600"
            />
            <ZoomIn className="size-4 shrink-0 text-slate-500" aria-hidden />
          </div>
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm ring-1 ring-red-200">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
