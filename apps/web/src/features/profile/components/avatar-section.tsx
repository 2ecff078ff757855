import { ImageUp, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteAvatar } from '../api/delete-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { cropImage } from '../utils/crop-image';
import { AvatarCropDialog } from './avatar-crop-dialog';

/** What the browser can crop and the API accepts. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** Only the crop is uploaded, so a large photo is fine; past this, phones struggle to decode it. */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

/** The user's picture: choose a file, crop it to a circle, upload it; or remove it. */
export function AvatarSection({ avatar, hasPicture }: { avatar: ReactNode; hasPicture: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [cropError, setCropError] = useState<string | null>(null);
  const [isCropping, setIsCropping] = useState(false);
  const [isRemoving, setIsRemoving] = useState(false);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();

  // The chosen file is read through an object URL; it is released once the dialog lets it go.
  useEffect(() => {
    if (!imageUrl) return;
    return () => URL.revokeObjectURL(imageUrl);
  }, [imageUrl]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) {
      setFileError('Choose a PNG, JPEG, WebP or GIF image.');
      return;
    }
    if (file.size > MAX_SOURCE_BYTES) {
      setFileError('That picture is larger than 20 MB: choose a smaller one.');
      return;
    }
    setFileError(null);
    setCropError(null);
    upload.reset();
    setImageUrl(URL.createObjectURL(file));
  };

  const save = async (area: Area) => {
    if (!imageUrl) return;
    setCropError(null);
    setIsCropping(true);
    let image: Blob;
    try {
      image = await cropImage(imageUrl, area);
    } catch (error) {
      setCropError(error instanceof Error ? error.message : 'The picture could not be cropped.');
      return;
    } finally {
      setIsCropping(false);
    }
    upload.mutate(image, { onSuccess: () => setImageUrl(null) });
  };

  const close = () => {
    setImageUrl(null);
    setCropError(null);
    upload.reset();
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      {avatar}
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
            <ImageUp className="size-4" aria-hidden />
            {hasPicture ? 'Change picture' : 'Upload a picture'}
          </Button>
          {hasPicture ? (
            <Button variant="ghost" size="sm" onClick={() => setIsRemoving(true)}>
              <Trash2 className="size-4" aria-hidden />
              Remove
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-label="Picture file"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file can be chosen again after a cancel.
            event.target.value = '';
          }}
        />
        <p className={`text-xs ${fileError ? 'text-red-600' : 'text-slate-500'}`} aria-live="polite">
          {fileError ?? 'PNG, JPEG, WebP or GIF. You crop it before it is uploaded.'}
        </p>
      </div>
      <AvatarCropDialog
        key={imageUrl ?? 'none'}
        imageUrl={imageUrl}
        isSaving={isCropping || upload.isPending}
        error={
          cropError ??
          (upload.isError ? errorMessage(upload.error, 'Could not upload your picture. Please try again.') : null)
        }
        onSave={save}
        onClose={close}
      />
      <ConfirmDialog
        isOpen={isRemoving}
        title="Remove your picture?"
        description="Your initials are shown instead, in the app and to the members of your projects."
        confirmLabel="Remove picture"
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setIsRemoving(false) })}
        onClose={() => setIsRemoving(false)}
      />
    </div>
  );
}
