import { useEffect, useId, useRef, useState } from "react";
import { type FileRejection, useDropzone } from "react-dropzone";
import { PHOTO_LIMITS, PHOTO_MESSAGES, refusedPhoto } from "../../schemas/advert-photos.ts";
import { announce } from "../lib/announce.ts";
import type { ExistingPhoto } from "./photo-field.tsx";
import { type PickedPhoto, uploadPhoto } from "./photo-upload.ts";

/** react-dropzone's reasons, in the server's words (schemas/advert-photos.ts). */
const REASONS: Record<string, string> = {
  "file-too-large": PHOTO_MESSAGES.tooLarge,
  "file-invalid-type": PHOTO_MESSAGES.notImage,
  "too-many-files": PHOTO_MESSAGES.tooMany,
};
const reasonOf = (rejection: FileRejection) =>
  REASONS[rejection.errors[0]?.code ?? ""] ?? rejection.errors[0]?.message ?? PHOTO_MESSAGES.notImage;

const ACCEPT = Object.fromEntries(PHOTO_LIMITS.accept.map((type) => [type, []]));

let nextUid = 0;
const uid = () => `photo-${++nextUid}`;

/**
 * The advert form's photo picker (loaded on demand by photo-field.tsx): photos are picked or dropped
 * (react-dropzone), each uploaded at once to the staging endpoint with its own progress bar (photo-upload.ts),
 * shown as a thumbnail that can be removed or moved — dragged, or with "Move earlier" / "Move later", focus
 * staying on the moved photo's button. The form sends the photos' ids and keys in this order (`photo`), the
 * first being the cover. A refused file is named with the server's reason.
 */
export default function PhotoPicker({
  existing,
  error,
  hint,
  onUploading,
}: {
  existing: ExistingPhoto[];
  error?: string;
  hint: string;
  onUploading: (uploading: boolean) => void;
}) {
  const [photos, setPhotos] = useState<PickedPhoto[]>(() =>
    existing.map((p, i) => ({ uid: uid(), name: `Current view ${i + 1}`, preview: p.url, token: p.key, progress: 1 })),
  );
  const [refusals, setRefusals] = useState<string[]>([]);
  const [dragged, setDragged] = useState<string | null>(null);
  /** After a move, the button to give focus back to: the same photo's, at its new place. */
  const [refocus, setRefocus] = useState<{ uid: string; control: "earlier" | "later" } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const id = useId();

  const uploading = photos.some((p) => !p.token);
  useEffect(() => onUploading(uploading), [uploading, onUploading]);

  useEffect(() => {
    if (!refocus || !list.current) return;
    const item = list.current.querySelector<HTMLElement>(`[data-uid="${refocus.uid}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${refocus.control}"]`);
    // At an end its button is disabled: the other one keeps focus on the same photo.
    const other = item?.querySelector<HTMLButtonElement>(
      `[data-move="${refocus.control === "earlier" ? "later" : "earlier"}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setRefocus(null);
  }, [refocus]);

  const update = (key: string, change: Partial<PickedPhoto>) =>
    setPhotos((all) => all.map((p) => (p.uid === key ? { ...p, ...change } : p)));

  const refuse = (name: string, reason: string) => setRefusals((all) => [...all, refusedPhoto(name, reason)]);

  function add(files: File[], rejected: FileRejection[]) {
    setRefusals([]);
    for (const r of rejected) refuse(r.file.name, reasonOf(r));
    const room = PHOTO_LIMITS.maxPhotos - photos.length;
    for (const file of files.slice(room < 0 ? 0 : room)) refuse(file.name, PHOTO_MESSAGES.tooMany);
    const taken = files.slice(0, Math.max(room, 0)).map((file) => ({
      photo: { uid: uid(), name: file.name, preview: URL.createObjectURL(file), progress: 0 } as PickedPhoto,
      file,
    }));
    setPhotos((all) => [...all, ...taken.map((t) => t.photo)]);
    for (const { photo, file } of taken) {
      uploadPhoto(file, (progress) => update(photo.uid, { progress })).then(
        (staged) => update(photo.uid, { token: staged.id, progress: 1 }),
        (reason: string) => {
          setPhotos((all) => all.filter((p) => p.uid !== photo.uid));
          refuse(file.name, reason);
        },
      );
    }
  }

  const { getRootProps, getInputProps, open, isDragActive } = useDropzone({
    onDrop: add,
    accept: ACCEPT,
    maxSize: PHOTO_LIMITS.maxBytes,
    noClick: true,
    noKeyboard: true,
  });

  function move(key: string, by: -1 | 1) {
    const from = photos.findIndex((p) => p.uid === key);
    const to = from + by;
    if (from < 0 || to < 0 || to >= photos.length) return;
    moveTo(key, to);
    setRefocus({ uid: key, control: by < 0 ? "earlier" : "later" });
  }

  function moveTo(key: string, to: number) {
    const from = photos.findIndex((p) => p.uid === key);
    if (from < 0 || from === to) return;
    const next = [...photos];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved as PickedPhoto);
    setPhotos(next);
    announce(`${moved?.name} is now photo ${to + 1} of ${next.length}${to === 0 ? ", the cover" : ""}.`);
  }

  function remove(index: number) {
    const photo = photos[index];
    if (!photo) return;
    setPhotos((all) => all.filter((p) => p.uid !== photo.uid));
    announce(`${photo.name} removed.`);
    // Focus stays in the list: on the next photo's Remove, else the previous one's, else "Add photos".
    const next = photos[index + 1] ?? photos[index - 1];
    requestAnimationFrame(() => {
      const target = next && list.current?.querySelector<HTMLElement>(`[data-uid="${next.uid}"] [data-remove]`);
      (target ?? document.getElementById(`${id}-add`))?.focus();
    });
  }

  const describedBy = [error && `${id}-error`, `${id}-hint`].filter(Boolean).join(" ");
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Photos</legend>
      <p id={`${id}-hint`} className="text-xs text-base-content/80">
        {hint} Drag a photo, or use its Move buttons, to change the order.
      </p>
      {refusals.length > 0 && (
        <ul role="alert" className="rounded-box bg-error/10 p-3 text-sm text-error">
          {refusals.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      <input type="hidden" name="photoOrder" value="given" />
      {photos.map((p) => p.token && <input key={p.uid} type="hidden" name="photo" value={p.token} />)}
      <ol ref={list} aria-label="Photos, in order" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((p, i) => (
          <li
            key={p.uid}
            data-uid={p.uid}
            draggable
            onDragStart={(e) => {
              setDragged(p.uid);
              e.dataTransfer.effectAllowed = "move";
            }}
            onDragOver={(e) => dragged && e.preventDefault()}
            onDrop={(e) => {
              if (!dragged) return;
              e.preventDefault();
              e.stopPropagation();
              moveTo(dragged, i);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            className={`flex flex-col gap-1 rounded-box border border-base-300 p-2 ${dragged === p.uid ? "opacity-50" : ""}`}
          >
            <div className="relative">
              <img
                src={p.preview}
                alt={`${i + 1} of ${photos.length}: ${p.name}`}
                width={160}
                height={120}
                className="aspect-4/3 w-full rounded object-cover"
              />
              {i === 0 && <span className="badge badge-primary absolute top-1 left-1">Cover</span>}
            </div>
            <span className="truncate text-xs">{p.name}</span>
            {p.token ? null : (
              <progress
                className="progress progress-primary w-full"
                value={Math.round(p.progress * 100)}
                max={100}
                aria-label={`Uploading ${p.name}`}
              />
            )}
            <div className="flex flex-wrap gap-1">
              <button
                type="button"
                data-move="earlier"
                className="btn btn-xs min-h-6"
                disabled={i === 0}
                aria-label={`Move earlier: ${p.name}`}
                onClick={() => move(p.uid, -1)}
              >
                Move earlier
              </button>
              <button
                type="button"
                data-move="later"
                className="btn btn-xs min-h-6"
                disabled={i === photos.length - 1}
                aria-label={`Move later: ${p.name}`}
                onClick={() => move(p.uid, 1)}
              >
                Move later
              </button>
              <button
                type="button"
                data-remove
                className="btn btn-xs btn-ghost min-h-6 text-error"
                aria-label={`Remove ${p.name}`}
                onClick={() => remove(i)}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div
        {...getRootProps({
          className: `flex flex-col items-center gap-2 rounded-box border-2 border-dashed p-4 text-sm ${isDragActive ? "border-primary bg-primary/5" : "border-base-300"}`,
        })}
      >
        <input {...getInputProps({ "aria-label": "Choose photos" })} />
        <p>Drop photos here, or</p>
        <button
          id={`${id}-add`}
          type="button"
          className="btn btn-outline btn-sm"
          onClick={open}
          disabled={photos.length >= PHOTO_LIMITS.maxPhotos}
          aria-describedby={describedBy}
          {...(error && { "aria-invalid": true })}
        >
          Add photos
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
