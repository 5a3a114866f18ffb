import { lazy, Suspense, useEffect, useState } from "react";
import { MAX_PHOTOS } from "../../schemas/catalogue.ts";
import { FieldError, FileField } from "./form-field.tsx";
import { LaptopPhoto } from "./laptop-photo.tsx";
import { RemoveBox } from "./remove-box.tsx";

/** The picker and react-dropzone load only once a seller's page runs JavaScript: never in a public page's first load. */
const PhotoPicker = lazy(() => import("./photo-picker.tsx"));

export type ExistingPhoto = { key: string; url: string };

export const PHOTO_HINT = `Up to ${MAX_PHOTOS} photos (JPEG, PNG or WebP, 8 MB each). The first one is the cover, shown on the card.`;

/**
 * An advert's photos on its form. Without JavaScript (and while the picker loads): a plain file input, the
 * photos sent with the form, and on editing a "Remove" checkbox under each photo the advert has. With it: the
 * photo picker (photo-picker.tsx) — thumbnails, upload progress, remove, reorder.
 */
export function PhotoField({
  existing,
  error,
  onUploading,
}: {
  existing?: ExistingPhoto[];
  error?: string;
  onUploading: (uploading: boolean) => void;
}) {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const plain = <PlainPhotoField existing={existing} error={error} />;
  if (!scripted) return plain;
  return (
    <Suspense fallback={plain}>
      <PhotoPicker existing={existing ?? []} error={error} hint={PHOTO_HINT} onUploading={onUploading} />
    </Suspense>
  );
}

function PlainPhotoField({ existing, error }: { existing?: ExistingPhoto[]; error?: string }) {
  if (!existing) return <FileField label="Photos" name="photos" multiple error={error} hint={PHOTO_HINT} />;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Current photos</legend>
      <ul className="flex flex-wrap gap-3">
        {existing.map((photo, i) => (
          <li key={photo.key} className="flex flex-col items-start gap-1">
            <LaptopPhoto
              src={photo.url}
              alt={`View ${i + 1}${i === 0 ? " (cover)" : ""}`}
              width={96}
              className="rounded"
            />
            <RemoveBox name="removePhoto" value={photo.key} label={`Remove photo ${i + 1}`} />
          </li>
        ))}
      </ul>
      <FileField label="Add photos (optional)" name="photos" multiple hint={PHOTO_HINT} />
      <FieldError id="photos-error" error={error} />
    </fieldset>
  );
}
